//! Time limits.

pub mod calibrate;
pub mod computed;
pub mod interval;
pub mod interval_store;
pub mod limits;
