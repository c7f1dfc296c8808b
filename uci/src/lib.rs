#![warn(missing_docs)]
//! The `vorpal` program as a library: the protocol frontend and the engine facade, the
//! command-line jobs (perft, bench, match, selfplay, tune) and their output, so that
//! the binary, the tests and the fuzz targets share them.

pub mod bench;
pub mod eval_cmd;
pub mod matches;
pub mod output;
pub mod perft_cmd;
pub mod position_args;
pub mod protocol;
pub mod selfplay;
pub mod serve;
pub(crate) mod session;
pub mod tune;
pub mod tune_net;
