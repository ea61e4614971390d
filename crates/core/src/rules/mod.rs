//! Rules: pieces, moves, rule descriptions, positions (make/unmake, keys, game end), the
//! text forms of positions and moves, and adjudication (game end by score or length).

pub mod adjudication;
pub mod ascii;
mod attackers;
mod check_info;
pub mod description;
pub mod from_setup;
pub mod games;
pub mod hand;
pub mod moves;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod presentation;
pub mod registry;
pub mod samples;
pub mod setup;
pub mod sfen;
pub mod text_form;
pub mod variant;
mod xray;
pub mod zobrist;

pub use description::{EnteringKingRule, Rules, StalemateRule};
pub use games::longjiang::{LONGJIANG, LONGJIANG_NODROP};
pub use games::shogi::SHOGI;
pub use hand::Hand;
pub use moves::Move;
pub use outcome::{Outcome, parse_result_token, result_token};
pub use piece::{Color, HAND_KINDS, KINDS, Piece, PieceKind};
pub use position::Position;
pub use presentation::{Diagram, Front, Presentation, RecordFormat};
pub use setup::{PositionError, Setup, SideLetters};
pub use sfen::SfenError;
pub use text_form::{RankName, SquareName, TextForm};
pub use variant::Variant;
