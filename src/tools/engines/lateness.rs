//! What the runner knew of a search that lost on time, for the record's reason: when the
//! engine's last `info` line arrived and what it said of its own clock (`time`), depth and
//! nodes, before the deadline and, after `stop`, before its late `bestmove`. An engine whose
//! own `time` is past the limit overran its search; one whose `time` is well inside it while
//! the line arrived late lost the difference outside its clock (the pipes, the machine's
//! scheduling, the start of its search). notes/byoyomi.md, "Audit".

use std::fmt::Write as _;
use std::time::Duration;

/// One `info` line as the runner saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InfoSeen {
    /// When it arrived, after the `go` was flushed.
    pub at: Duration,
    /// The engine's own `time` (since it started the search).
    pub time: Option<Duration>,
    /// Its `depth`.
    pub depth: Option<u32>,
    /// Its `nodes`.
    pub nodes: Option<u64>,
}

impl InfoSeen {
    /// Reads `info … depth D … nodes N … time MS …` (any order, any of them) that arrived `at`
    /// after the `go`; `None` for `info string` and for a line with none of the three.
    pub fn parse(line: &str, at: Duration) -> Option<InfoSeen> {
        let mut tokens = line.split_whitespace();
        if tokens.next() != Some("info") {
            return None;
        }
        let mut seen = InfoSeen {
            at,
            time: None,
            depth: None,
            nodes: None,
        };
        while let Some(t) = tokens.next() {
            match t {
                // Nothing after `pv` or `string` is a field (a move or a word may read as one).
                "pv" | "string" => break,
                "time" => seen.time = tokens.next().and_then(|v| v.parse().ok()).map(ms),
                "depth" => seen.depth = tokens.next().and_then(|v| v.parse().ok()),
                "nodes" => seen.nodes = tokens.next().and_then(|v| v.parse().ok()),
                _ => {}
            }
        }
        (seen.time.is_some() || seen.depth.is_some() || seen.nodes.is_some()).then_some(seen)
    }

    /// `prev` updated with `line` (arrived `at` after the `go`): a line with a `time` always
    /// replaces it, one without (`info depth 20 currmove …`) only a line without one too, so
    /// that the engine's own clock is kept.
    pub fn update(prev: Option<InfoSeen>, line: &str, at: Duration) -> Option<InfoSeen> {
        match InfoSeen::parse(line, at) {
            Some(new) if new.time.is_some() || prev.is_none_or(|p| p.time.is_none()) => Some(new),
            _ => prev,
        }
    }

    /// `info at 0.612 s: time 0.598 s, depth 16, nodes 240000` (the fields it had).
    pub fn text(&self) -> String {
        let mut s = format!("info at {:.3} s", self.at.as_secs_f64());
        let mut sep = ": ";
        if let Some(t) = self.time {
            let _ = write!(s, "{sep}time {:.3} s", t.as_secs_f64());
            sep = ", ";
        }
        if let Some(d) = self.depth {
            let _ = write!(s, "{sep}depth {d}");
            sep = ", ";
        }
        if let Some(n) = self.nodes {
            let _ = write!(s, "{sep}nodes {n}");
        }
        s
    }
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// The engine's answer to the runner's `stop` after a missed deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateAnswer {
    /// When its `bestmove` arrived, after the `go`.
    pub at: Duration,
    /// Its last `info` line before that `bestmove`.
    pub last: Option<InfoSeen>,
}

/// What a time loss's reason adds to `no move after …`: the last `info` before the deadline
/// (or before a late `bestmove`), and the late answer to `stop` when one came.
pub fn detail(before: Option<&InfoSeen>, late: Option<&LateAnswer>) -> String {
    let mut s = match before {
        Some(i) => format!("; last {}", i.text()),
        None => "; no info line".to_string(),
    };
    if let Some(l) = late {
        let _ = write!(s, "; bestmove at {:.3} s after stop", l.at.as_secs_f64());
        if let Some(i) = &l.last
            && Some(i) != before
        {
            let _ = write!(s, ", last {}", i.text());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_and_written_back() {
        let l = "info depth 17 seldepth 25 multipv 1 score cp -43 nodes 412345 nps 433000 \
                 hashfull 312 time 951 pv 7g7f time 3";
        let i = InfoSeen::parse(l, ms(1052)).expect("an info line");
        assert_eq!(
            (i.time, i.depth, i.nodes),
            (Some(ms(951)), Some(17), Some(412_345))
        );
        assert_eq!(
            i.text(),
            "info at 1.052 s: time 0.951 s, depth 17, nodes 412345"
        );
        assert_eq!(InfoSeen::parse("info string time 5", ms(1)), None);
        assert_eq!(InfoSeen::parse("info currmove a1a2", ms(1)), None);
        assert_eq!(InfoSeen::parse("bestmove a1a2", ms(1)), None);
        let d = InfoSeen::parse("info depth 8 currmove a1a2", ms(20)).expect("a depth");
        assert_eq!(d.text(), "info at 0.020 s: depth 8");
        // A line with the engine's clock is not replaced by one without.
        let kept = InfoSeen::update(Some(i), "info depth 18 currmove a1a2", ms(1060));
        assert_eq!(kept, Some(i));
        let first = InfoSeen::update(None, "info depth 18 currmove a1a2", ms(3));
        assert_eq!(first.and_then(|f| f.depth), Some(18));
        let timed = InfoSeen::update(first, "info depth 18 time 5", ms(6));
        assert_eq!(timed.and_then(|f| f.time), Some(ms(5)));
    }

    #[test]
    fn the_detail_names_both_sides_of_the_deadline() {
        let before = InfoSeen::parse("info depth 5 nodes 500 time 3", ms(4));
        let after = InfoSeen::parse("info depth 9 nodes 9000 time 700", ms(702));
        let late = LateAnswer {
            at: ms(703),
            last: after,
        };
        assert_eq!(
            detail(before.as_ref(), Some(&late)),
            "; last info at 0.004 s: time 0.003 s, depth 5, nodes 500; bestmove at 0.703 s \
             after stop, last info at 0.702 s: time 0.700 s, depth 9, nodes 9000"
        );
        assert_eq!(detail(None, None), "; no info line");
        let same = LateAnswer {
            at: ms(710),
            last: before,
        };
        assert_eq!(
            detail(before.as_ref(), Some(&same)),
            "; last info at 0.004 s: time 0.003 s, depth 5, nodes 500; bestmove at 0.710 s \
             after stop"
        );
    }
}
