//! The registry: the one place that maps a [`Variant`] to its description
//! ([`Variant::rules`]: the instances of `rules::games`), and what follows from it: each
//! game's names, the games a front end offers, the game of a record format.

use super::description::Rules;
use super::games::{longjiang, shogi};
use super::presentation::{Front, RecordFormat};
use super::variant::Variant;
use std::fmt;
use std::str::FromStr;

impl Variant {
    /// The name used on the command line and in the protocol (`Presentation::name`).
    pub const fn name(self) -> &'static str {
        self.rules().presentation.name
    }

    /// Fairy-Stockfish's name of this game (`Presentation::fairy_name`); [`Variant::name`] is
    /// the engine's own, which XBoard's `variant` command and its PGN use.
    pub const fn fairy_name(self) -> &'static str {
        self.rules().presentation.fairy_name
    }

    /// The rule description of this game, with stalemate a draw.
    pub const fn rules(self) -> Rules {
        match self {
            Variant::Longjiang => longjiang::LONGJIANG,
            Variant::LongjiangNoDrop => longjiang::LONGJIANG_NODROP,
            Variant::Shogi => shogi::SHOGI,
        }
    }

    /// The games the front end `front` offers, in [`Variant::EVERY`]'s order.
    pub fn served_by(front: Front) -> impl Iterator<Item = Variant> {
        Variant::EVERY
            .into_iter()
            .filter(move |v| v.rules().presentation.is_served_by(front))
    }

    /// The first game recorded in `format` (the game a file of that format that names none is
    /// read as: a KIF file is standard shogi).
    pub fn recorded_in(format: RecordFormat) -> Option<Variant> {
        Variant::EVERY
            .into_iter()
            .find(|v| v.rules().presentation.record == format)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text names no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Variant::EVERY.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant '{}' (expected one of {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::EVERY
            .into_iter()
            .find(|v| v.rules().presentation.is_named(s))
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::text_form::TextForm;

    /// Every name of every game reads back as that game and no other; the names front ends
    /// list are the ones they used to.
    #[test]
    fn names_read_back_and_front_ends_list_their_games() {
        for v in Variant::EVERY {
            let p = v.rules().presentation;
            assert_eq!(v.rules().variant, v);
            for name in [p.name, p.fairy_name].iter().chain(p.aliases) {
                assert_eq!(name.parse::<Variant>(), Ok(v), "{name}");
            }
        }
        assert!("chess".parse::<Variant>().is_err());
        let names = |front| {
            Variant::served_by(front)
                .map(Variant::name)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(Front::Usi),
            ["longjiang", "longjiang-nodrop", "shogi"]
        );
        for front in [Front::Uci, Front::XBoard, Front::Web] {
            assert_eq!(names(front), ["longjiang", "longjiang-nodrop"], "{front:?}");
        }
        assert_eq!(
            Variant::recorded_in(RecordFormat::Kif),
            Some(Variant::Shogi)
        );
        assert_eq!(Variant::default(), Variant::Longjiang);
    }

    #[test]
    fn text_forms_index_their_tables() {
        assert_eq!(TextForm::Usi as usize + 1, TextForm::COUNT);
        assert_eq!(TextForm::Longjiang.file_name(0), 'a');
        assert_eq!(TextForm::Usi.file_name(0), '9');
        assert_eq!(TextForm::Usi.file_name(8), '1');
    }
}
