//! Pictures of cases, for the reports: what a package's own visualizers
//! draw ([`visualizers`]). A case is drawn when it failed, or every case
//! with `--pictures`: pictures cost nothing when not asked for.

pub mod visualizers;
