//! HiGHS, the LP solver, through its stable C API.
//!
//! The vendored HiGHS sources (`HiGHS/`, MIT licence in `HiGHS/LICENSE.txt`) are built
//! by `build.rs` with cmake and linked statically. The few C functions used are
//! declared by hand in [`ffi`], so building needs cmake and a C++ compiler but not
//! libclang (the `highs-sys` crate runs bindgen, which does).
//!
//! The API is one call: build a [`RowLp`] (columns with costs and bounds, rows with
//! bounds and coefficients) and [`RowLp::minimise`] it.

mod ffi;

use std::ffi::{CStr, c_void};

/// Why a solve did not give an optimal solution.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum Error {
    #[error("the model is too large for HiGHS' 32-bit indices ({what} = {count})")]
    TooLarge { what: &'static str, count: usize },
    #[error("a coefficient refers to column {column}, but the model has {columns} columns")]
    BadColumn { column: usize, columns: usize },
    #[error("HiGHS could not allocate a solver instance")]
    Create,
    #[error("HiGHS {call} failed")]
    Call { call: &'static str },
    #[error("HiGHS finished with model status {0}")]
    NotOptimal(ModelStatus),
}

/// HiGHS' model status after a run (`kHighsModelStatus*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelStatus(pub i32);

impl ModelStatus {
    /// HiGHS' name for the status.
    pub fn name(self) -> &'static str {
        match self.0 {
            0 => "not set",
            1 => "load error",
            2 => "model error",
            3 => "presolve error",
            4 => "solve error",
            5 => "postsolve error",
            6 => "model empty",
            7 => "optimal",
            8 => "infeasible",
            9 => "unbounded or infeasible",
            10 => "unbounded",
            11 => "objective bound",
            12 => "objective target",
            13 => "time limit",
            14 => "iteration limit",
            15 => "unknown",
            16 => "solution limit",
            17 => "interrupt",
            _ => "unrecognised",
        }
    }
}

impl std::fmt::Display for ModelStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.name(), self.0)
    }
}

/// A linear program stored row by row. Bounds may be infinite.
#[derive(Debug, Clone, Default)]
pub struct RowLp {
    cost: Vec<f64>,
    col_lower: Vec<f64>,
    col_upper: Vec<f64>,
    row_lower: Vec<f64>,
    row_upper: Vec<f64>,
    /// `starts[r]` is where row `r`'s coefficients begin in `index`/`value`.
    starts: Vec<usize>,
    index: Vec<usize>,
    value: Vec<f64>,
}

/// Solver settings.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Worker threads HiGHS may use; 1 keeps results independent of scheduling.
    pub threads: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { threads: 1 }
    }
}

impl RowLp {
    /// Adds a column with objective coefficient `cost` and bounds `lower..=upper`;
    /// returns its index.
    pub fn add_column(&mut self, cost: f64, lower: f64, upper: f64) -> usize {
        self.cost.push(cost);
        self.col_lower.push(lower);
        self.col_upper.push(upper);
        self.cost.len() - 1
    }

    /// Adds the row `lower <= sum(coef * column) <= upper`; returns its index.
    pub fn add_row(&mut self, lower: f64, upper: f64, coefs: &[(usize, f64)]) -> usize {
        self.starts.push(self.index.len());
        for &(column, coef) in coefs {
            self.index.push(column);
            self.value.push(coef);
        }
        self.row_lower.push(lower);
        self.row_upper.push(upper);
        self.row_lower.len() - 1
    }

    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.cost.len()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.row_lower.len()
    }

    /// Minimises the objective; returns the column values of an optimal solution.
    pub fn minimise(&self, options: Options) -> Result<Vec<f64>, Error> {
        let num_col = to_int("columns", self.columns())?;
        let num_row = to_int("rows", self.rows())?;
        let num_nz = to_int("nonzeros", self.index.len())?;
        let columns = self.columns();
        let index = self
            .index
            .iter()
            .map(|&column| {
                if column >= columns {
                    return Err(Error::BadColumn { column, columns });
                }
                to_int("column index", column)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let starts = self
            .starts
            .iter()
            .map(|&s| to_int("row start", s))
            .collect::<Result<Vec<_>, _>>()?;
        let threads = to_int("threads", options.threads.max(1) as usize)?;

        let highs = Instance::new()?;
        let h = highs.0;
        // SAFETY: `h` is a live instance owned by `highs`; option names are
        // NUL-terminated literals; every array passed to `Highs_passLp` has the length
        // the C API requires for the counts passed with it (`starts` has `num_row`
        // entries, `index`/`value` `num_nz`, the column arrays `num_col`, the row
        // arrays `num_row`), and HiGHS copies them before returning. The solution
        // buffers have `num_col` and `num_row` entries as `Highs_getSolution` writes.
        unsafe {
            check(
                "setBoolOptionValue(output_flag)",
                ffi::Highs_setBoolOptionValue(h, name(c"output_flag"), 0),
            )?;
            check(
                "setIntOptionValue(threads)",
                ffi::Highs_setIntOptionValue(h, name(c"threads"), threads),
            )?;
            check(
                "passLp",
                ffi::Highs_passLp(
                    h,
                    num_col,
                    num_row,
                    num_nz,
                    ffi::MATRIX_FORMAT_ROWWISE,
                    ffi::OBJ_SENSE_MINIMIZE,
                    0.0,
                    self.cost.as_ptr(),
                    self.col_lower.as_ptr(),
                    self.col_upper.as_ptr(),
                    self.row_lower.as_ptr(),
                    self.row_upper.as_ptr(),
                    starts.as_ptr(),
                    index.as_ptr(),
                    self.value.as_ptr(),
                ),
            )?;
            check("run", ffi::Highs_run(h))?;
            let status = ModelStatus(ffi::Highs_getModelStatus(h));
            if status.0 != ffi::MODEL_STATUS_OPTIMAL {
                return Err(Error::NotOptimal(status));
            }
            let mut col_value = vec![0.0; columns];
            let mut col_dual = vec![0.0; columns];
            let mut row_value = vec![0.0; self.rows()];
            let mut row_dual = vec![0.0; self.rows()];
            check(
                "getSolution",
                ffi::Highs_getSolution(
                    h,
                    col_value.as_mut_ptr(),
                    col_dual.as_mut_ptr(),
                    row_value.as_mut_ptr(),
                    row_dual.as_mut_ptr(),
                ),
            )?;
            Ok(col_value)
        }
    }
}

fn name(s: &'static CStr) -> *const std::ffi::c_char {
    s.as_ptr()
}

fn to_int(what: &'static str, count: usize) -> Result<ffi::HighsInt, Error> {
    ffi::HighsInt::try_from(count).map_err(|_| Error::TooLarge { what, count })
}

fn check(call: &'static str, status: ffi::HighsInt) -> Result<(), Error> {
    // Warnings (status 1) still leave a usable model or solution.
    if status == ffi::STATUS_ERROR {
        Err(Error::Call { call })
    } else {
        Ok(())
    }
}

/// An owned HiGHS instance, destroyed on drop.
struct Instance(*mut c_void);

impl Instance {
    fn new() -> Result<Self, Error> {
        // SAFETY: `Highs_create` has no preconditions; a null result is handled.
        let h = unsafe { ffi::Highs_create() };
        if h.is_null() {
            return Err(Error::Create);
        }
        Ok(Instance(h))
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `Highs_create` and is destroyed once.
        unsafe { ffi::Highs_destroy(self.0) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// max x + 2y + z s.t. 3x + y <= 6, y + 2z <= 7, as the minimisation of the
    /// negated objective: the optimum is y = 6, z = 0.5, objective -12.5.
    fn example() -> RowLp {
        let mut lp = RowLp::default();
        let x = lp.add_column(-1.0, 0.0, f64::INFINITY);
        let y = lp.add_column(-2.0, 0.0, f64::INFINITY);
        let z = lp.add_column(-1.0, 0.0, f64::INFINITY);
        lp.add_row(f64::NEG_INFINITY, 6.0, &[(x, 3.0), (y, 1.0)]);
        lp.add_row(f64::NEG_INFINITY, 7.0, &[(y, 1.0), (z, 2.0)]);
        lp
    }

    #[test]
    fn solves_the_example() {
        let v = example().minimise(Options::default()).expect("optimal");
        let objective = -v[0] - 2.0 * v[1] - v[2];
        assert!((objective + 12.5).abs() < 1e-9, "objective {objective}");
        assert!(
            (v[1] - 6.0).abs() < 1e-9 && (v[2] - 0.5).abs() < 1e-9,
            "{v:?}"
        );
    }

    #[test]
    fn infeasible_is_reported() {
        let mut lp = RowLp::default();
        let x = lp.add_column(1.0, 0.0, 1.0);
        lp.add_row(2.0, f64::INFINITY, &[(x, 1.0)]);
        match lp.minimise(Options::default()) {
            Err(Error::NotOptimal(s)) => assert_eq!(s.name(), "infeasible"),
            other => panic!("expected infeasible, got {other:?}"),
        }
    }

    #[test]
    fn unbounded_is_not_optimal() {
        let mut lp = RowLp::default();
        lp.add_column(-1.0, 0.0, f64::INFINITY);
        assert!(matches!(
            lp.minimise(Options::default()),
            Err(Error::NotOptimal(_))
        ));
    }

    #[test]
    fn bad_column_is_refused_before_calling_highs() {
        let mut lp = RowLp::default();
        lp.add_column(1.0, 0.0, 1.0);
        lp.add_row(0.0, 1.0, &[(3, 1.0)]);
        assert_eq!(
            lp.minimise(Options::default()),
            Err(Error::BadColumn {
                column: 3,
                columns: 1
            })
        );
    }
}
