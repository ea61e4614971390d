//! The network's fixed-point scales, which the file format, the kernels and the evaluation
//! share.

/// Quantisation of the input layer: 1.0 is `QA`; the activation clips at `QA`.
pub const QA: i32 = 255;
/// Quantisation of the output weights: 1.0 is `QB`.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;
