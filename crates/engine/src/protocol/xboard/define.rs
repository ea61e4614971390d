//! What the engine tells XBoard about itself: the `feature` lines of the handshake (protocol
//! version 2, with `option` lines for the engine's options). The games' own definitions for
//! XBoard (`setup` and `piece` commands) are the core's [`longjiang_core::notation::xboard_variant`].

use super::super::session::NAME;

/// The lines that answer `protover`: the features, then the options, then `done=1`.
pub fn feature_lines(options: &[String]) -> Vec<String> {
    let variants = longjiang_core::notation::xboard_variant::variants();
    let mut lines = vec![
        "feature done=0".to_string(),
        format!(
            "feature myname=\"{NAME}\" variants=\"{variants}\" usermove=1 setboard=1 ping=1 \
             playother=1 san=0 colors=0 time=1 memory=1 smp=1 highlight=1 draw=1 sigint=0 \
             sigterm=0 reuse=1 analyze=1 name=0 ics=0 pause=0 nps=0 exclude=0 setscore=0 \
             debug=1"
        ),
    ];
    lines.extend(options.iter().map(|o| format!("feature option=\"{o}\"")));
    lines.push("feature done=1".to_string());
    lines
}
