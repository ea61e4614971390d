//! The modules' import graph, read from the source (docs/README.md, "Architecture"): no circles
//! between the modules of a crate, and no layer names one above it. The compiler keeps the
//! rule between crates; this test keeps it inside them. Test modules (`#[cfg(test)]`) may reach
//! anywhere, so they are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside its crate, e.g. `["search", "params"]`.
type ModPath = Vec<String>;

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir)
        .expect("a source directory")
        .flatten()
    {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The module a file holds: `a/b.rs` and `a/b/mod.rs` are `a::b`; `lib.rs`/`main.rs` the root.
fn module_of(root: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(root).expect("under the root");
    let mut parts: ModPath = rel
        .with_extension("")
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The code of a file without its test module and without comments.
fn code_of(text: &str) -> String {
    let body = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    body.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file's code names: `crate::a::b…`, `super::…`, `self::…`, resolved against
/// `module`, each as long as the text has it.
fn named_paths(code: &str, module: &ModPath) -> Vec<ModPath> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !word(bytes[i]) || (i > 0 && (word(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < bytes.len() && (word(bytes[j]) || bytes[j] == b':') {
            j += 1;
        }
        let path: Vec<&str> = code[i..j].split("::").filter(|s| !s.is_empty()).collect();
        i = j;
        let (mut base, rest) = match path.first() {
            Some(&"crate") => (Vec::new(), &path[1..]),
            Some(&"super") | Some(&"self") => (module.clone(), &path[..]),
            _ => continue,
        };
        let mut rest = rest;
        while let Some(&head) = rest.first() {
            match head {
                "super" => {
                    base.pop();
                }
                "self" => {}
                _ => break,
            }
            rest = &rest[1..];
        }
        base.extend(rest.iter().map(|s| s.to_string()));
        out.push(base);
    }
    out
}

/// The crate's module graph: each module and the other modules its code names (not its own
/// ancestors, which hold it).
fn graph(root: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let modules: BTreeMap<ModPath, PathBuf> = files
        .iter()
        .map(|f| (module_of(root, f), f.clone()))
        .collect();
    let mut edges = BTreeMap::new();
    for (m, f) in &modules {
        let code = code_of(&std::fs::read_to_string(f).expect("a source file"));
        let mut to = BTreeSet::new();
        for p in named_paths(&code, m) {
            let target = (1..=p.len())
                .rev()
                .map(|k| p[..k].to_vec())
                .find(|t| modules.contains_key(t));
            if let Some(t) = target
                && t != *m
                && !m.starts_with(&t)
            {
                to.insert(t);
            }
        }
        edges.insert(m.clone(), to);
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(g: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct State<'a> {
        g: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        out: Vec<Vec<ModPath>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a ModPath) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        for w in s.g.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn crate_root(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

#[test]
fn no_crate_has_a_circle_between_its_modules() {
    for rel in ["crates/core/src", "crates/engine/src", "src"] {
        let g = graph(&crate_root(rel));
        assert!(g.len() > 10, "{rel}: only {} modules read", g.len());
        let found: Vec<String> = circles(&g)
            .iter()
            .map(|c| {
                c.iter()
                    .map(|m| m.join("::"))
                    .collect::<Vec<_>>()
                    .join(" ↔ ")
            })
            .collect();
        assert!(found.is_empty(), "{rel}: circles {found:?}");
    }
}

/// A layer and the layers above it.
type Layer = (&'static str, &'static [&'static str]);

#[test]
fn no_layer_names_a_layer_above_it() {
    // Each crate's layers, bottom up (docs/README.md); `notation` and `data` stand side by side.
    let layers: [(&str, &[Layer]); 2] = [
        (
            "crates/core/src",
            &[
                ("geometry", &["rules", "movegen", "notation", "data"]),
                ("rules", &["movegen", "notation", "data"]),
                ("movegen", &["notation", "data"]),
                ("data", &["notation"]),
            ],
        ),
        (
            "crates/engine/src",
            &[("eval", &["search", "protocol"]), ("search", &["protocol"])],
        ),
    ];
    for (rel, rules) in layers {
        let g = graph(&crate_root(rel));
        for &(layer, above) in rules {
            let reaches: Vec<String> = g
                .iter()
                .filter(|(m, _)| m.first().is_some_and(|l| l == layer))
                .flat_map(|(m, to)| {
                    to.iter()
                        .filter(|t| t.first().is_some_and(|l| above.contains(&l.as_str())))
                        .map(move |t| format!("{} → {}", m.join("::"), t.join("::")))
                })
                .collect();
            assert!(reaches.is_empty(), "{rel}: {layer} reaches up: {reaches:?}");
        }
    }
}

/// The reader resolves what it must: a circle and a reach upwards written into a scratch
/// crate are found.
#[test]
fn the_reader_finds_a_planted_circle_and_a_reach_up() {
    let dir = std::env::temp_dir().join(format!("module_graph_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("eval")).expect("a scratch dir");
    std::fs::create_dir_all(dir.join("search")).expect("a scratch dir");
    let write = |p: &str, t: &str| std::fs::write(dir.join(p), t).expect("a scratch file");
    write("lib.rs", "pub mod eval;\npub mod search;\n");
    write("eval/mod.rs", "pub mod a;\npub mod b;\n");
    write("eval/a.rs", "use super::b::X;\n");
    write(
        "eval/b.rs",
        "// use crate::search::Y; (a comment)\nuse crate::eval::a::Z;\nuse crate::search::s::W;\n",
    );
    write("search/mod.rs", "pub mod s;\n");
    write(
        "search/s.rs",
        "pub struct W;\n#[cfg(test)]\nmod tests { use crate::eval::a; }\n",
    );
    let g = graph(&dir);
    let names = |m: &[&str]| m.iter().map(|s| s.to_string()).collect::<ModPath>();
    let found = circles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    let mut c = found[0].clone();
    c.sort();
    assert_eq!(c, vec![names(&["eval", "a"]), names(&["eval", "b"])]);
    let b = &g[&names(&["eval", "b"])];
    assert!(b.contains(&names(&["search", "s"])), "{b:?}");
    assert!(
        g[&names(&["search", "s"])].is_empty(),
        "test modules are left out"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
