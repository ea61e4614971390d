//! The parameter file of `tune-search`: one parameter a line, `name, value, min, max, step`
//! with an optional sixth field `r_end`; `#` starts a comment. `longjiang params` writes
//! this format. Also the tuned values as `params.rs` source (the build's own file with new
//! defaults).

/// One parameter to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Its name; the engine's option is `spsa_<name>`.
    pub name: String,
    /// The starting value.
    pub value: i32,
    /// Least value.
    pub min: i32,
    /// Greatest value.
    pub max: i32,
    /// The perturbation of the last iteration (`c_end`).
    pub step: f64,
    /// The learning rate of the last iteration (`r_end`, default [`DEFAULT_R_END`]).
    pub r_end: f64,
}

/// fishtest's and OpenBench's usual `r_end`.
pub const DEFAULT_R_END: f64 = 0.002;

/// Reads a parameter file; errors name the line.
pub fn parse(text: &str, source: &str) -> Result<Vec<Tuned>, String> {
    let mut out: Vec<Tuned> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let at = format!("{source}:{}", n + 1);
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        if !(5..=6).contains(&f.len()) {
            return Err(format!(
                "{at}: expected 'name, value, min, max, step[, r_end]', found {} fields",
                f.len()
            ));
        }
        let int = |i: usize, what: &str| -> Result<i32, String> {
            f[i].parse::<i32>()
                .map_err(|_| format!("{at}: {what} '{}' is not an integer", f[i]))
        };
        let real = |i: usize, what: &str| -> Result<f64, String> {
            f[i].parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x > 0.0)
                .ok_or_else(|| format!("{at}: {what} '{}' is not a number above 0", f[i]))
        };
        let name = f[0];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "{at}: the name '{name}' must be letters, digits and '_'"
            ));
        }
        if out.iter().any(|t| t.name.eq_ignore_ascii_case(name)) {
            return Err(format!("{at}: {name} is listed twice"));
        }
        let t = Tuned {
            name: name.to_string(),
            value: int(1, "the value")?,
            min: int(2, "the minimum")?,
            max: int(3, "the maximum")?,
            step: real(4, "the step")?,
            r_end: if f.len() == 6 {
                real(5, "r_end")?
            } else {
                DEFAULT_R_END
            },
        };
        if !(t.min <= t.value && t.value <= t.max) {
            return Err(format!(
                "{at}: {name}: the value {} is not within {} … {}",
                t.value, t.min, t.max
            ));
        }
        out.push(t);
    }
    if out.is_empty() {
        return Err(format!("{source}: no parameters"));
    }
    Ok(out)
}

/// The parameters with `values` as their values, in the input format (a valid input again).
pub fn write(params: &[Tuned], values: &[i32]) -> String {
    params
        .iter()
        .zip(values)
        .map(|(p, v)| {
            let r = if p.r_end == DEFAULT_R_END {
                String::new()
            } else {
                format!(", {}", p.r_end)
            };
            format!("{}, {v}, {}, {}, {}{r}\n", p.name, p.min, p.max, p.step)
        })
        .collect()
}

/// This build's `crates/engine/src/search/params.rs`.
const PARAMS_RS: &str = include_str!("../../../crates/engine/src/search/params.rs");

/// `params.rs` with the defaults of the tuned parameters replaced by `values` (the lines
/// `    NAME = default, min..=max, …`); names it does not declare are left out.
pub fn patch_params_rs(params: &[Tuned], values: &[i32]) -> String {
    let mut out = String::with_capacity(PARAMS_RS.len());
    for line in PARAMS_RS.split_inclusive('\n') {
        let new = line
            .trim_start()
            .split_once(" = ")
            .and_then(|(name, rest)| {
                let (_, tail) = rest.split_once(',')?;
                let i = params
                    .iter()
                    .position(|p| p.name.eq_ignore_ascii_case(name))?;
                let indent = &line[..line.len() - line.trim_start().len()];
                Some(format!("{indent}{name} = {},{tail}", values[i]))
            });
        out.push_str(new.as_deref().unwrap_or(line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use longjiang_engine::search::params;

    #[test]
    fn the_params_dump_is_a_valid_input_and_round_trips() {
        let all = parse(&params::dump(&params::Values::DEFAULT), "dump").expect("the dump parses");
        assert_eq!(all.len(), params::ALL.len());
        let values: Vec<i32> = all.iter().map(|t| t.value).collect();
        assert_eq!(parse(&write(&all, &values), "again").unwrap(), all);
        // The patch of params.rs changes exactly the lines of the changed values.
        let mut changed = values.clone();
        let rfp = all.iter().position(|t| t.name == "rfp_margin").unwrap();
        changed[rfp] = 97;
        let patched = patch_params_rs(&all, &changed);
        let diff: Vec<(&str, &str)> = PARAMS_RS
            .lines()
            .zip(patched.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(diff.len(), 1, "{diff:?}");
        assert_eq!(
            diff[0].1.trim(),
            "RFP_MARGIN = 97, 30..=200, step 8, scale 1;"
        );
        assert_eq!(patch_params_rs(&all, &values), PARAMS_RS);
    }

    #[test]
    fn bad_lines_are_refused_with_their_place() {
        let ok = "# comment\nx, 5, 0, 10, 1   # trailing\ny, -3, -5, 5, 0.5, 0.01\n";
        let p = parse(ok, "f").unwrap();
        assert_eq!((p[0].name.as_str(), p[0].r_end), ("x", DEFAULT_R_END));
        assert_eq!((p[1].value, p[1].step, p[1].r_end), (-3, 0.5, 0.01));
        let bad = [
            ("x, 5, 0, 10", "f:1: expected"),
            ("x, 11, 0, 10, 1", "not within 0 … 10"),
            ("x, 5, 0, 10, 0", "the step '0' is not a number above 0"),
            ("x, five, 0, 10, 1", "the value 'five' is not an integer"),
            ("x y, 5, 0, 10, 1", "must be letters"),
            ("x, 5, 0, 10, 1\nX, 5, 0, 10, 1", "f:2: X is listed twice"),
            ("# nothing", "no parameters"),
        ];
        for (text, want) in bad {
            let e = parse(text, "f").unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}
