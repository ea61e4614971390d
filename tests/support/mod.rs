//! Helpers shared by the web board's tests.

pub mod http;
