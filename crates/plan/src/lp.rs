//! A solver-neutral linear program: named columns with bounds and objective
//! coefficients, named rows `lo <= a·x <= hi`, always minimised.
//!
//! Models are built once here and then handed to a [`Solver`]: HiGHS (feature
//! `highs`, the default) or the pure-Rust `microlp` simplex. The same model can be
//! written as MPS ([`crate::mps`]) and read back, which is how the two solvers are
//! cross-checked.

use crate::error::{PlanError, Result};

/// One variable.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// Name used in MPS output (unique within a model).
    pub name: String,
    /// Lower bound (may be `-inf`).
    pub lo: f64,
    /// Upper bound (may be `+inf`).
    pub hi: f64,
    /// Objective coefficient (the model is minimised).
    pub cost: f64,
}

/// One constraint `lo <= Σ coef·x <= hi`.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Name used in MPS output (unique within a model).
    pub name: String,
    /// Lower bound (may be `-inf`).
    pub lo: f64,
    /// Upper bound (may be `+inf`).
    pub hi: f64,
    /// Sparse coefficients `(column index, value)`; a column appears at most once.
    pub coefs: Vec<(usize, f64)>,
}

/// A linear program, minimised.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LpModel {
    /// Model name (MPS `NAME`).
    pub name: String,
    /// Variables.
    pub columns: Vec<Column>,
    /// Constraints.
    pub rows: Vec<Row>,
}

/// An optimal solution.
#[derive(Debug, Clone, PartialEq)]
pub struct LpSolution {
    /// Objective value.
    pub objective: f64,
    /// Column values, indexed like [`LpModel::columns`].
    pub values: Vec<f64>,
}

/// Which LP solver runs a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Solver {
    /// HiGHS dual simplex / IPM (needs the `highs` feature).
    #[cfg_attr(feature = "highs", default)]
    Highs,
    /// `microlp`, a pure-Rust simplex: slower, no native code.
    #[cfg_attr(not(feature = "highs"), default)]
    Microlp,
}

impl Solver {
    /// Short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Highs => "highs",
            Solver::Microlp => "microlp",
        }
    }
}

impl LpModel {
    /// An empty model called `name`.
    pub fn new(name: impl Into<String>) -> Self {
        LpModel {
            name: name.into(),
            ..LpModel::default()
        }
    }

    /// Adds a variable and returns its index.
    pub fn add_column(&mut self, name: impl Into<String>, lo: f64, hi: f64, cost: f64) -> usize {
        self.columns.push(Column {
            name: name.into(),
            lo,
            hi,
            cost,
        });
        self.columns.len() - 1
    }

    /// Adds a constraint `lo <= Σ coefs <= hi` and returns its index.
    pub fn add_row(
        &mut self,
        name: impl Into<String>,
        lo: f64,
        hi: f64,
        coefs: Vec<(usize, f64)>,
    ) -> usize {
        self.rows.push(Row {
            name: name.into(),
            lo,
            hi,
            coefs,
        });
        self.rows.len() - 1
    }

    /// Number of non-zero coefficients.
    pub fn nonzeros(&self) -> usize {
        self.rows.iter().map(|r| r.coefs.len()).sum()
    }

    /// Objective value of `values` under this model.
    pub fn objective_of(&self, values: &[f64]) -> f64 {
        self.columns
            .iter()
            .zip(values)
            .map(|(c, v)| c.cost * v)
            .sum()
    }

    /// Largest violation of any bound or row by `values` (0 when feasible).
    pub fn max_violation(&self, values: &[f64]) -> f64 {
        let mut worst: f64 = 0.0;
        for (c, &v) in self.columns.iter().zip(values) {
            worst = worst.max(c.lo - v).max(v - c.hi);
        }
        for r in &self.rows {
            let a: f64 = r.coefs.iter().map(|&(j, k)| k * values[j]).sum();
            worst = worst.max(r.lo - a).max(a - r.hi);
        }
        worst
    }

    /// Solves the model with `solver`.
    pub fn solve(&self, solver: Solver) -> Result<LpSolution> {
        match solver {
            Solver::Highs => solve_highs(self),
            Solver::Microlp => solve_microlp(self),
        }
    }
}

#[cfg(feature = "highs")]
fn solve_highs(m: &LpModel) -> Result<LpSolution> {
    let mut lp = highs_c::RowLp::default();
    for c in &m.columns {
        lp.add_column(c.cost, c.lo, c.hi);
    }
    for r in &m.rows {
        lp.add_row(r.lo, r.hi, &r.coefs);
    }
    // One thread: the controller runs beside other work, and results must not
    // depend on scheduling.
    let values = lp
        .minimise(highs_c::Options { threads: 1 })
        .map_err(|e| PlanError::Solver {
            solver: "highs",
            message: format!("model {}: {e}", m.name),
        })?;
    Ok(LpSolution {
        objective: m.objective_of(&values),
        values,
    })
}

#[cfg(not(feature = "highs"))]
fn solve_highs(_m: &LpModel) -> Result<LpSolution> {
    Err(PlanError::Solver {
        solver: "highs",
        message: "this build has no HiGHS (enable the `highs` feature)".into(),
    })
}

fn solve_microlp(m: &LpModel) -> Result<LpSolution> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem};
    let err = |message: String| PlanError::Solver {
        solver: "microlp",
        message,
    };
    let mut pb = Problem::new(OptimizationDirection::Minimize);
    let vars: Vec<_> = m
        .columns
        .iter()
        .map(|c| pb.add_var(c.cost, (c.lo, c.hi)))
        .collect();
    for r in &m.rows {
        let expr: Vec<_> = r.coefs.iter().map(|&(j, k)| (vars[j], k)).collect();
        if r.lo == r.hi {
            pb.add_constraint(expr.as_slice(), ComparisonOp::Eq, r.lo);
            continue;
        }
        if r.lo.is_finite() {
            pb.add_constraint(expr.as_slice(), ComparisonOp::Ge, r.lo);
        }
        if r.hi.is_finite() {
            pb.add_constraint(expr.as_slice(), ComparisonOp::Le, r.hi);
        }
    }
    let outcome = pb
        .solve()
        .map_err(|e| err(format!("model {}: {e}", m.name)))?;
    let solution = outcome
        .into_solution()
        .map_err(|_| err(format!("model {}: interrupted", m.name)))?;
    let values: Vec<f64> = vars.iter().map(|&v| solution.var_value(v)).collect();
    Ok(LpSolution {
        objective: m.objective_of(&values),
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// max x + 2y + z s.t. 3x + y <= 6, y + 2z <= 7 (HiGHS' doc example), as a
    /// minimisation of the negated objective: optimum -(0 + 12 + 0.5) = -12.5.
    fn example() -> LpModel {
        let mut m = LpModel::new("ex");
        let x = m.add_column("x", 0.0, f64::INFINITY, -1.0);
        let y = m.add_column("y", 0.0, f64::INFINITY, -2.0);
        let z = m.add_column("z", 0.0, f64::INFINITY, -1.0);
        m.add_row("c1", f64::NEG_INFINITY, 6.0, vec![(x, 3.0), (y, 1.0)]);
        m.add_row("c2", f64::NEG_INFINITY, 7.0, vec![(y, 1.0), (z, 2.0)]);
        m
    }

    #[test]
    fn microlp_solves_example() {
        let s = example().solve(Solver::Microlp).expect("solves");
        assert!((s.objective + 12.5).abs() < 1e-9, "{}", s.objective);
        assert!(example().max_violation(&s.values) < 1e-9);
    }

    #[cfg(feature = "highs")]
    #[test]
    fn highs_solves_example() {
        let s = example().solve(Solver::Highs).expect("solves");
        assert!((s.objective + 12.5).abs() < 1e-9, "{}", s.objective);
    }

    #[test]
    fn infeasible_is_an_error() {
        let mut m = LpModel::new("bad");
        let x = m.add_column("x", 0.0, 1.0, 1.0);
        m.add_row("r", 2.0, f64::INFINITY, vec![(x, 1.0)]);
        assert!(m.solve(Solver::Microlp).is_err());
        #[cfg(feature = "highs")]
        assert!(m.solve(Solver::Highs).is_err());
    }
}
