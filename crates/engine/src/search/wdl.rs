//! The one model from a search score to win, draw and loss chances (UCI's `wdl` in `info`
//! lines with `UCI_ShowWDL`): the side to move wins with chance `σ((cp − 300) / 130)`, loses
//! with `σ((−cp − 300) / 130)`, and draws otherwise (Stockfish's form).
//!
//! The constants are not fitted to game results: 300 cp is taken as the score that wins half
//! the games, and 130 makes the expected score `W + D/2` rise at the rate of `σ(cp / 400)`
//! near 0, the scale the nets are trained with (`train --k 400`).

use super::Score;

/// The score (centipawns) at which the side to move wins half of its games.
const HALF_WON_CP: f64 = 300.0;
/// The width of the logistic, centipawns.
const WIDTH_CP: f64 = 130.0;

/// The chance, in ‰, that the side to move wins with `cp` on the board.
fn win_permille(cp: f64) -> f64 {
    1000.0 / (1.0 + ((HALF_WON_CP - cp) / WIDTH_CP).exp())
}

/// Win, draw and loss chances of the side to move, in per-mille summing to 1000. A mate
/// score is a sure win or loss.
pub fn wdl(score: Score) -> [u32; 3] {
    match score {
        Score::Mate(n) if n > 0 => [1000, 0, 0],
        Score::Mate(_) => [0, 0, 1000],
        Score::Cp(cp) => {
            let cp = f64::from(cp);
            let w = win_permille(cp).round() as u32;
            let l = win_permille(-cp).round() as u32;
            [w, 1000 - w - l, l]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_mostly_draws_and_the_model_is_symmetric() {
        let [w, d, l] = wdl(Score::Cp(0));
        assert_eq!(w, l);
        assert!(d > 800, "{d}");
        assert_eq!(wdl(Score::Cp(300))[0], 500);
        for cp in [-5000, -400, -35, 0, 35, 400, 5000] {
            let [w, d, l] = wdl(Score::Cp(cp));
            assert_eq!(w + d + l, 1000, "{cp}");
            assert_eq!(wdl(Score::Cp(-cp)), [l, d, w], "{cp}");
        }
        assert!(wdl(Score::Cp(100))[0] > wdl(Score::Cp(50))[0]);
        assert_eq!(wdl(Score::Mate(3)), [1000, 0, 0]);
        assert_eq!(wdl(Score::Mate(-2)), [0, 0, 1000]);
        assert_eq!(wdl(Score::Mate(0)), [0, 0, 1000]);
    }
}
