//! The comma-separated `key=value` lists of `--engine`, `--each` and `--openings`, split as
//! cutechess splits them, with `\,` for a comma inside a value.

/// Splits on commas that are not escaped, resolving `\,` and `\\`.
pub fn split_items(text: &str) -> Result<Vec<String>, String> {
    let mut items = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ (',' | '\\')) => cur.push(e),
                Some(other) => {
                    cur.push('\\');
                    cur.push(other);
                }
                None => return Err("a trailing '\\' escapes nothing".into()),
            },
            ',' => items.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    items.push(cur);
    Ok(items)
}
