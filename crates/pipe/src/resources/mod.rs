//! The resource checker: places tables into stages respecting dependencies and
//! checks a target [`Profile`]; produces a per-stage [`Report`] or a refusal that
//! names the resource, the stage and the table.
//!
//! Placement is greedy in program order (as a first-fit table placer does):
//! a unit's earliest stage is one past the last stage of every earlier unit it has a
//! match or action dependency on (it reads or rewrites what that unit writes), and no
//! earlier than a table whose hit/miss branch contains it. Table memory (SRAM for
//! exact entries and action data, TCAM for ternary keys) may spread over consecutive
//! stages; a register array, its stateful ALU and its SRAM sit in one stage, and
//! every unit using the array must be in that stage.

mod demand;
mod place;
mod profile;
mod report;

use thiserror::Error;

use crate::error::ProgramError;
use crate::program::Program;
use crate::validate::resolve;

pub use profile::Profile;
pub use report::{Report, StageUsage, TablePlacement};

/// A resource the checker counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Pipeline stages.
    Stages,
    /// SRAM blocks.
    Sram,
    /// TCAM blocks.
    Tcam,
    /// Stateful ALUs.
    StatefulAlu,
    /// Logical tables per stage.
    LogicalTables,
    /// Hash output bits per stage.
    HashBits,
    /// Packet header vector bits.
    Phv,
}

impl std::fmt::Display for Resource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Resource::Stages => "stages",
            Resource::Sram => "SRAM blocks",
            Resource::Tcam => "TCAM blocks",
            Resource::StatefulAlu => "stateful ALUs",
            Resource::LogicalTables => "logical tables",
            Resource::HashBits => "hash bits",
            Resource::Phv => "PHV bits",
        })
    }
}

/// Why a program does not fit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResourceError {
    /// The program itself is invalid.
    #[error(transparent)]
    Program(#[from] ProgramError),
    /// A table cannot be placed.
    #[error(
        "table `{table}` does not fit: it needs {needed} {resource} in stage {stage} (earliest legal stage {earliest}) but only {available} are free there, and no later stage fits it"
    )]
    DoesNotFit {
        /// Table (or `run_<action>` for a directly run action).
        table: String,
        /// The resource that ran out.
        resource: Resource,
        /// Stage where it was short (the earliest legal one).
        stage: u32,
        /// Earliest legal stage given dependencies.
        earliest: u32,
        /// Amount needed.
        needed: u32,
        /// Amount free.
        available: u32,
    },
    /// Dependencies push a table past the last stage.
    #[error(
        "table `{table}` must go in stage {stage} or later because of `{after}`, but the pipeline has {stages} stages"
    )]
    OutOfStages {
        /// Table.
        table: String,
        /// The stage it would need.
        stage: u32,
        /// The table it depends on.
        after: String,
        /// Stages available.
        stages: u32,
    },
    /// A register array or meter is pinned to a stage its later user cannot reach.
    #[error(
        "{kind} `{register}` sits in stage {stage}, but table `{table}`, which also uses it, cannot run before stage {earliest} because of its dependencies"
    )]
    RegisterStageConflict {
        /// What it is: "register array" or "meter".
        kind: &'static str,
        /// Its name.
        register: String,
        /// The later user.
        table: String,
        /// The register's stage.
        stage: u32,
        /// The user's earliest legal stage.
        earliest: u32,
    },
    /// A register array or meter larger than a stage.
    #[error(
        "{kind} `{register}` (used by table `{table}`) needs {needed} SRAM blocks but a stage has {available}"
    )]
    RegisterTooLarge {
        /// What it is: "register array" or "meter".
        kind: &'static str,
        /// Its name.
        register: String,
        /// Using table.
        table: String,
        /// Blocks needed.
        needed: u32,
        /// Blocks per stage.
        available: u32,
    },
    /// Too many header and metadata bits.
    #[error(
        "PHV: the program needs {needed} bits (fields rounded to 8/16/32-bit containers) but the profile has {available}"
    )]
    Phv {
        /// Bits needed.
        needed: u32,
        /// Bits available.
        available: u32,
    },
}

/// Checks `program` against `profile`; returns the placement report.
pub fn check(program: &Program, profile: &Profile) -> Result<Report, ResourceError> {
    let r = resolve(program)?;
    let phv = report::phv_bits(&r);
    if phv > profile.phv_bits {
        return Err(ResourceError::Phv {
            needed: phv,
            available: profile.phv_bits,
        });
    }
    let units = demand::units(&r, profile);
    let placed = place::place(&r, profile, &units)?;
    Ok(report::build(profile, &units, &placed, phv))
}
