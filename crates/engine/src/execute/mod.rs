//! Running things: the sandbox's runner with the run's cache beside it,
//! an in-crate reference solver in-process (with its heap and CPU counted),
//! a reference program's answer to one input, and the fresh working
//! folder of a submission that may write files.

pub(crate) mod case_inputs;
pub mod heap;
pub mod reference;
pub mod runner;
pub mod solve;
