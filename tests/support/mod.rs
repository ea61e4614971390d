//! Helpers shared by the web board's tests.

pub mod http;
pub mod webdriver;
