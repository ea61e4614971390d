//! The page's files, written in this project and built into the binary: no build step, no
//! framework, no board library. `board.js` draws the SVG board and pieces; `app.js` talks to
//! the API and drives the controls.

/// The page.
pub const INDEX: &str = include_str!("web/index.html");
/// Its style sheet.
pub const STYLE: &str = include_str!("web/style.css");
/// The SVG board: squares, the seed's pointed pieces, highlights, hands.
pub const BOARD: &str = include_str!("web/board.js");
/// The controls: moves, new game, analysis, records.
pub const APP: &str = include_str!("web/app.js");

#[cfg(test)]
mod tests {
    use super::APP;
    use longjiang_engine::search::value::{MATE, MATE_IN_MAX_PLY};

    #[test]
    fn the_page_reads_mates_on_the_servers_scale() {
        let line = format!("const MATE = {MATE}, MATE_IN_MAX_PLY = {MATE_IN_MAX_PLY};");
        assert!(APP.contains(&line), "app.js must declare `{line}`");
    }
}
