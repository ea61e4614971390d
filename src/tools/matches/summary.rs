//! What the runner shows: the score line of the progress bar, the final summary as text, and
//! the same summary as JSON (`summary.json`; written by hand: a handful of numbers does not
//! justify a serialisation crate).

use super::ratings::{self, Rating};
use super::tally::{EncounterTally, Tally};
use crate::tools::engines::clock_use::ClockTotals;
use crate::tools::engines::stats::{Decision, Estimate, Sprt, SprtModel, Wdl};
use std::fmt::Write as _;

/// The SPRT state of the match (first encounter only).
#[derive(Clone, Copy, Debug)]
pub struct SprtState {
    /// The test.
    pub sprt: Sprt,
    /// Its current LLR.
    pub llr: f64,
    /// Its decision, if reached.
    pub decision: Option<Decision>,
}

/// Everything a summary shows.
pub struct Report<'a> {
    /// Engine names, by index.
    pub names: &'a [String],
    /// The game.
    pub variant: &'a str,
    /// The time control, as written in records.
    pub tc: &'a str,
    /// Where the openings came from.
    pub openings: &'a str,
    /// Games in the schedule.
    pub planned: u32,
    /// The totals.
    pub tally: &'a Tally,
    /// The SPRT, if one runs.
    pub sprt: Option<SprtState>,
}

/// The ratings of a match of three or more engines ([`ratings::fit`]), by engine index.
fn ratings(names: &[String], t: &Tally) -> Option<Vec<Rating>> {
    if names.len() < 3 {
        return None;
    }
    let results: Vec<_> = t
        .encounters
        .iter()
        .map(|e| (e.engines, e.games.points(), f64::from(e.games.games())))
        .collect();
    Some(ratings::fit(names.len(), &results))
}

/// The estimate of an encounter: from complete pairs when there are any, else from games.
pub fn best_estimate(e: &EncounterTally) -> Option<(Estimate, &'static str)> {
    if e.pairs.pairs() > 0 {
        e.pairs.estimate().map(|x| (x, "pentanomial"))
    } else {
        e.games.estimate().map(|x| (x, "trinomial"))
    }
}

/// Half an interval's width: `12.3`, or `inf` while the data bound nothing.
fn half_width(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "inf".into()
    }
}

fn signed(x: f64) -> String {
    // `+ 0.0` turns -0 into 0.
    let x = x + 0.0;
    if x.is_finite() {
        format!("{x:+.1}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn wdl_text(w: &Wdl) -> String {
    format!("{}-{}-{}", w.wins, w.draws, w.losses)
}

fn pct(w: &Wdl) -> String {
    if w.games() == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * w.points() / w.games() as f64)
    }
}

fn model_name(m: SprtModel) -> &'static str {
    match m {
        SprtModel::Normalized => "normalized",
        SprtModel::Logistic => "logistic",
    }
}

fn decision_text(d: Option<Decision>) -> &'static str {
    match d {
        Some(Decision::H1) => "H1 accepted",
        Some(Decision::H0) => "H0 accepted",
        None => "continue",
    }
}

impl Report<'_> {
    /// The short line shown beside the progress bar.
    pub fn score_line(&self) -> String {
        let Some(e) = self.tally.encounters.first() else {
            return String::new();
        };
        let (a, b) = e.engines;
        let mut s = format!(
            "{} vs {}: +{} ={} -{}",
            self.names[a], self.names[b], e.games.wins, e.games.draws, e.games.losses
        );
        if let Some((est, _)) = best_estimate(e) {
            let _ = write!(
                s,
                "  Elo {} ± {}",
                signed(est.elo),
                half_width(est.elo_error)
            );
        }
        if let Some(st) = &self.sprt {
            let (lo, hi) = st.sprt.bounds();
            let _ = write!(s, "  LLR {:.2} [{lo:.2}, {hi:.2}]", st.llr);
        }
        s
    }

    /// The final summary as text.
    pub fn text(&self) -> String {
        let t = self.tally;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "Match: {}, tc {}, openings {}, {} of {} games played",
            self.variant, self.tc, self.openings, t.games, self.planned
        );
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
        let _ = writeln!(
            s,
            "{:<width$}  games  W-D-L           score   as first (W-D-L)  as second (W-D-L)",
            "engine"
        );
        for (name, e) in self.names.iter().zip(&t.engines) {
            let tot = e.total();
            let first = format!("{} {}", wdl_text(&e.as_first), pct(&e.as_first));
            let second = format!("{} {}", wdl_text(&e.as_second), pct(&e.as_second));
            let _ = writeln!(
                s,
                "{name:<width$}  {:>5}  {:<14}  {:>6}  {first:<17} {second}",
                tot.games(),
                wdl_text(&tot),
                pct(&tot),
            );
        }
        let _ = writeln!(
            s,
            "first player vs second player: {} ({})",
            wdl_text(&t.first_player),
            pct(&t.first_player)
        );
        for (name, c) in self.names.iter().zip(&t.clocks) {
            if let Some(line) = c.text() {
                let _ = writeln!(s, "think time {name}: {line}");
            }
        }
        for (i, e) in t.encounters.iter().enumerate() {
            let (a, b) = e.engines;
            let _ = writeln!(
                s,
                "\n{} vs {}: {} ({}), pairs {:?}",
                self.names[a],
                self.names[b],
                wdl_text(&e.games),
                pct(&e.games),
                e.pairs.counts
            );
            if let Some((est, model)) = best_estimate(e) {
                let _ = writeln!(
                    s,
                    "  Elo {} ± {} (95%), nElo {} ± {}, LOS {:.1}% [{model}]",
                    signed(est.elo),
                    half_width(est.elo_error),
                    signed(est.nelo),
                    half_width(est.nelo_error),
                    100.0 * est.los
                );
            }
            if let (0, Some(st)) = (i, &self.sprt) {
                let (lo, hi) = st.sprt.bounds();
                let _ = writeln!(
                    s,
                    "  SPRT elo0={} elo1={} alpha={} beta={} ({}): LLR {:.2} [{lo:.2}, {hi:.2}] {}",
                    st.sprt.elo0,
                    st.sprt.elo1,
                    st.sprt.alpha,
                    st.sprt.beta,
                    model_name(st.sprt.model),
                    st.llr,
                    decision_text(st.decision)
                );
            }
        }
        if let Some(r) = ratings(self.names, t) {
            self.rating_table(&mut s, &r);
        }
        s
    }

    /// The rating table: the engines by Elo relative to the first, with the 95 % interval.
    fn rating_table(&self, s: &mut String, r: &[Rating]) {
        let t = self.tally;
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
        let _ = writeln!(
            s,
            "\nRatings (Bradley-Terry maximum likelihood, Elo relative to {}, 95% interval):",
            self.names[0]
        );
        let _ = writeln!(
            s,
            "rank  {:<width$}  {:>7}  {:>6}  games  W-D-L           score",
            "engine", "Elo", "±"
        );
        let mut order: Vec<usize> = (0..r.len()).collect();
        order.sort_by(|&a, &b| r[b].elo.total_cmp(&r[a].elo));
        for (rank, &i) in order.iter().enumerate() {
            let tot = t.engines[i].total();
            let error = match i {
                0 => "anchor".to_string(),
                _ => half_width(r[i].error),
            };
            let _ = writeln!(
                s,
                "{:>4}  {:<width$}  {:>7}  {:>6}  {:>5}  {:<14}  {:>6}",
                rank + 1,
                self.names[i],
                signed(r[i].elo),
                error,
                tot.games(),
                wdl_text(&tot),
                pct(&tot)
            );
        }
    }

    /// The final summary as JSON.
    pub fn json(&self) -> String {
        let t = self.tally;
        let mut s = String::from("{\n");
        let _ = writeln!(s, "  \"variant\": {},", jstr(self.variant));
        let _ = writeln!(s, "  \"time_control\": {},", jstr(self.tc));
        let _ = writeln!(s, "  \"openings\": {},", jstr(self.openings));
        let _ = writeln!(s, "  \"games_planned\": {},", self.planned);
        let _ = writeln!(s, "  \"games_played\": {},", t.games);
        let _ = writeln!(s, "  \"first_player\": {},", jwdl(&t.first_player));
        s += "  \"engines\": [\n";
        let rated = ratings(self.names, t);
        for (i, (name, e)) in self.names.iter().zip(&t.engines).enumerate() {
            let rating = rated.as_ref().map_or(String::new(), |r| {
                format!(
                    ", \"rating\": {{\"elo\": {}, \"elo_error\": {}}}",
                    jnum(r[i].elo),
                    jnum(r[i].error)
                )
            });
            let _ = write!(
                s,
                "    {{\"name\": {}, \"total\": {}, \"as_first\": {}, \"as_second\": {}{}{rating}}}",
                jstr(name),
                jwdl(&e.total()),
                jwdl(&e.as_first),
                jwdl(&e.as_second),
                t.clocks.get(i).map_or(String::new(), jclock)
            );
            s += if i + 1 < self.names.len() {
                ",\n"
            } else {
                "\n"
            };
        }
        s += "  ],\n  \"encounters\": [\n";
        for (i, e) in t.encounters.iter().enumerate() {
            let (a, b) = e.engines;
            let _ = write!(
                s,
                "    {{\"engines\": [{}, {}], \"games\": {}, \"pentanomial\": {:?}",
                jstr(&self.names[a]),
                jstr(&self.names[b]),
                jwdl(&e.games),
                e.pairs.counts
            );
            if let Some((est, model)) = best_estimate(e) {
                let _ = write!(
                    s,
                    ", \"model\": {}, \"score\": {}, \"elo\": {}, \"elo_error\": {}, \"nelo\": {}, \"nelo_error\": {}, \"los\": {}",
                    jstr(model),
                    jnum(est.score),
                    jnum(est.elo),
                    jnum(est.elo_error),
                    jnum(est.nelo),
                    jnum(est.nelo_error),
                    jnum(est.los)
                );
            }
            if let (0, Some(st)) = (i, &self.sprt) {
                let (lo, hi) = st.sprt.bounds();
                let _ = write!(
                    s,
                    ", \"sprt\": {{\"elo0\": {}, \"elo1\": {}, \"alpha\": {}, \"beta\": {}, \"model\": {}, \"llr\": {}, \"lower\": {}, \"upper\": {}, \"result\": {}}}",
                    jnum(st.sprt.elo0),
                    jnum(st.sprt.elo1),
                    jnum(st.sprt.alpha),
                    jnum(st.sprt.beta),
                    jstr(model_name(st.sprt.model)),
                    jnum(st.llr),
                    jnum(lo),
                    jnum(hi),
                    jstr(decision_text(st.decision))
                );
            }
            s += "}";
            s += if i + 1 < t.encounters.len() {
                ",\n"
            } else {
                "\n"
            };
        }
        s += "  ]\n}\n";
        s
    }
}

/// `, "think": {…}`: an engine's clock use (nothing unless a game of it had a clock, as
/// [`ClockTotals::text`]).
fn jclock(c: &ClockTotals) -> String {
    let opt = |x: Option<f64>| x.map_or("null".to_string(), jnum);
    if c.clocked_games == 0 {
        return String::new();
    }
    format!(
        ", \"think\": {{\"games\": {}, \"moves\": {}, \"seconds\": {}, \"per_move\": {}, \"share_used\": {}, \"least_left\": {}}}",
        c.games,
        c.moves,
        jnum(c.used.as_secs_f64()),
        opt(c.per_move()),
        opt(c.share_used()),
        opt(c.least.map(|l| l.as_secs_f64()))
    )
}

/// A JSON string literal.
pub fn jstr(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s += "\\\"",
            '\\' => s += "\\\\",
            '\n' => s += "\\n",
            '\r' => s += "\\r",
            '\t' => s += "\\t",
            c if (c as u32) < 0x20 => {
                let _ = write!(s, "\\u{:04x}", c as u32);
            }
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// A JSON number (`null` for infinities and NaN, which JSON cannot hold).
pub fn jnum(x: f64) -> String {
    if x.is_finite() {
        let r = (x * 1e4).round() / 1e4 + 0.0;
        format!("{r}")
    } else {
        "null".into()
    }
}

fn jwdl(w: &Wdl) -> String {
    format!(
        "{{\"wins\": {}, \"draws\": {}, \"losses\": {}}}",
        w.wins, w.draws, w.losses
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_pieces() {
        assert_eq!(jstr("a\"b\\c\n\u{1}"), "\"a\\\"b\\\\c\\n\\u0001\"");
        assert_eq!(jnum(f64::INFINITY), "null");
        assert_eq!(jnum(1.234567), "1.2346");
        assert_eq!(jnum(-3.0), "-3");
    }

    #[test]
    fn an_unbounded_interval_reads_inf() {
        assert_eq!(half_width(f64::INFINITY), "inf");
        assert_eq!(half_width(12.345), "12.3");
    }
}
