//! The nets a session evaluates with, shared by the USI/UCI and the XBoard sessions: a net
//! loaded with `EvalFile` replaces the built-in one of its game, and each game uses its net
//! or the classical evaluation as `UseNNUE` (or, unset, the game's rule description) says.

use crate::eval::nnue::{self, EMBEDDED_NAME, Network};
use crate::protocol::options::Options;
use longjiang_core::rules::Variant;
use std::sync::Arc;

/// The nets loaded with `EvalFile`, at most one per game, with their file names.
#[derive(Clone, Debug, Default)]
pub struct LoadedNets {
    nets: Vec<(String, Arc<Network>)>,
    /// The nets last handed to an engine ([`LoadedNets::hand_to`]).
    handed: Option<Vec<Arc<Network>>>,
}

impl LoadedNets {
    /// The net for game `v`: the one loaded, else the built-in one.
    pub fn net_of(&self, v: Variant) -> Option<Arc<Network>> {
        self.nets
            .iter()
            .find(|(_, n)| n.game() == v)
            .map(|(_, n)| Arc::clone(n))
            .or_else(|| nnue::embedded(v))
    }

    /// The nets the engine evaluates with under `options`: one for each game that uses its
    /// net (the others are evaluated classically); untouched options give
    /// [`nnue::default_nets`].
    pub fn in_use(&self, options: &Options) -> Vec<Arc<Network>> {
        nnue::choose(|v| options.uses_nnue(v), |v| self.net_of(v))
    }

    /// `EvalFile`: loads the net file `value` (no value or `<embedded>`: back to the nets
    /// built in) and records it in `options`. Returns the line to report, if any; a bad file
    /// is refused with its reason and nothing changes.
    pub fn set_eval_file(
        &mut self,
        options: &mut Options,
        value: Option<&str>,
    ) -> Result<Option<String>, String> {
        let path = value.unwrap_or("").trim();
        if path.is_empty() || path == EMBEDDED_NAME {
            self.nets.clear();
            options.eval_file = EMBEDDED_NAME.to_string();
            return Ok(None);
        }
        let net = Network::load(std::path::Path::new(path))
            .map_err(|e| format!("EvalFile: {e}; the net stays {}", options.eval_file))?;
        let game = net.game();
        self.nets.retain(|(_, n)| n.game() != game);
        self.nets.push((path.to_string(), Arc::new(net)));
        options.eval_file = path.to_string();
        Ok(Some(format!("EvalFile: {path} ({game} net) loaded")))
    }

    /// The name of game `v`'s net: the file loaded for it, else `<embedded>`.
    pub fn name_of(&self, v: Variant) -> &str {
        self.nets
            .iter()
            .find(|(_, n)| n.game() == v)
            .map_or(EMBEDDED_NAME, |(path, _)| path.as_str())
    }

    /// Hands `engine` the nets `options` ask for ([`LoadedNets::in_use`]). When they differ
    /// from the ones handed before, the table is cleared: its scores came from another
    /// evaluation.
    pub fn hand_to(&mut self, engine: &mut crate::search::Engine, options: &Options) {
        let nets = self.in_use(options);
        let same = self.handed.as_ref().is_some_and(|old| {
            old.len() == nets.len() && old.iter().zip(&nets).all(|(a, b)| Arc::ptr_eq(a, b))
        });
        if same {
            return;
        }
        let first = self.handed.is_none();
        engine.set_nnue(nets.clone());
        if !first {
            engine.new_game();
        }
        self.handed = Some(nets);
    }
}
