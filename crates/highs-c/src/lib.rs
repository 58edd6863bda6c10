//! HiGHS, the LP solver, through its stable C API.
//!
//! The vendored HiGHS sources (`vendor/HiGHS/` at the workspace root, MIT licence;
//! version and origin in `vendor/README.md`) are built by `build.rs` with cmake and
//! linked statically. The few C functions used are declared by hand in [`ffi`], so
//! building needs cmake and a C++ compiler but not libclang (the `highs-sys` crate
//! runs bindgen, which does).
//!
//! The API is one call: build a [`RowLp`] (columns with costs and bounds, rows with
//! bounds and coefficients) and [`RowLp::minimise`] it. For a sequence of related
//! LPs, [`RowLp::load`] gives a [`Model`] whose row bounds can be changed and to
//! which rows and columns can be added, re-solved from the last optimal basis.

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
    #[error("{what}: expected {expected} entries, got {got}")]
    Length {
        what: &'static str,
        expected: usize,
        got: usize,
    },
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
        self.load(options)?.minimise()
    }

    /// Hands the LP to a HiGHS instance that stays alive, so it can be changed and
    /// re-solved from the last optimal basis ([`Model`]).
    pub fn load(&self, options: Options) -> Result<Model, Error> {
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
        // arrays `num_row`), and HiGHS copies them before returning.
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
        }
        Ok(Model {
            highs,
            columns,
            rows: self.rows(),
        })
    }
}

/// An LP loaded into a live HiGHS instance. After the first [`Model::minimise`],
/// changing row bounds or adding rows and columns keeps the optimal basis, and the
/// next solve starts from it (HiGHS' simplex hot start) instead of from scratch:
/// for a sequence of closely related LPs this is much faster than rebuilding.
pub struct Model {
    highs: Instance,
    columns: usize,
    rows: usize,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("columns", &self.columns)
            .field("rows", &self.rows)
            .finish()
    }
}

impl Model {
    /// Number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Replaces the bounds of every row (`lower` and `upper` have one entry per row).
    pub fn set_row_bounds(&mut self, lower: &[f64], upper: &[f64]) -> Result<(), Error> {
        if lower.len() != self.rows || upper.len() != self.rows {
            return Err(Error::Length {
                what: "row bounds",
                expected: self.rows,
                got: lower.len().min(upper.len()),
            });
        }
        if self.rows == 0 {
            return Ok(());
        }
        let last = to_int("rows", self.rows - 1)?;
        // SAFETY: the instance is live; both arrays have `rows` = `last + 1` entries,
        // the count the range `0..=last` makes HiGHS read, and are copied by it.
        unsafe {
            check(
                "changeRowsBoundsByRange",
                ffi::Highs_changeRowsBoundsByRange(
                    self.highs.0,
                    0,
                    last,
                    lower.as_ptr(),
                    upper.as_ptr(),
                ),
            )
        }
    }

    /// Adds columns without coefficients (rows added later may refer to them);
    /// returns the index of the first. The three slices have one entry per column.
    pub fn add_columns(
        &mut self,
        cost: &[f64],
        lower: &[f64],
        upper: &[f64],
    ) -> Result<usize, Error> {
        let n = cost.len();
        if lower.len() != n || upper.len() != n {
            return Err(Error::Length {
                what: "column bounds",
                expected: n,
                got: lower.len().min(upper.len()),
            });
        }
        let first = self.columns;
        if n == 0 {
            return Ok(first);
        }
        let count = to_int("new columns", n)?;
        to_int("columns", self.columns + n)?;
        // SAFETY: the instance is live; `cost`, `lower` and `upper` have `count`
        // entries; with zero non-zeros HiGHS reads no entry of the (null) matrix arrays.
        unsafe {
            check(
                "addCols",
                ffi::Highs_addCols(
                    self.highs.0,
                    count,
                    cost.as_ptr(),
                    lower.as_ptr(),
                    upper.as_ptr(),
                    0,
                    std::ptr::null(),
                    std::ptr::null(),
                    std::ptr::null(),
                ),
            )?;
        }
        self.columns += n;
        Ok(first)
    }

    /// Adds the rows of `rows` (an LP whose columns are ignored; its coefficients
    /// refer to this model's columns); returns the index of the first.
    pub fn add_rows(&mut self, rows: &RowLp) -> Result<usize, Error> {
        let first = self.rows;
        let n = rows.rows();
        if n == 0 {
            return Ok(first);
        }
        let count = to_int("new rows", n)?;
        to_int("rows", self.rows + n)?;
        let nz = to_int("nonzeros", rows.index.len())?;
        let index = rows
            .index
            .iter()
            .map(|&column| {
                if column >= self.columns {
                    return Err(Error::BadColumn {
                        column,
                        columns: self.columns,
                    });
                }
                to_int("column index", column)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let starts = rows
            .starts
            .iter()
            .map(|&s| to_int("row start", s))
            .collect::<Result<Vec<_>, _>>()?;
        // SAFETY: the instance is live; the bound arrays and `starts` have `count`
        // entries, `index` and `value` `nz`, every index is a column of the model,
        // and HiGHS copies the arrays before returning.
        unsafe {
            check(
                "addRows",
                ffi::Highs_addRows(
                    self.highs.0,
                    count,
                    rows.row_lower.as_ptr(),
                    rows.row_upper.as_ptr(),
                    nz,
                    starts.as_ptr(),
                    index.as_ptr(),
                    rows.value.as_ptr(),
                ),
            )?;
        }
        self.rows += n;
        Ok(first)
    }

    /// Solves (from the last optimal basis, when there is one); returns the column
    /// values of an optimal solution.
    pub fn minimise(&mut self) -> Result<Vec<f64>, Error> {
        let h = self.highs.0;
        // SAFETY: the instance is live; the solution buffers have the model's
        // `columns` and `rows` entries, as `Highs_getSolution` writes.
        unsafe {
            check("run", ffi::Highs_run(h))?;
            let status = ModelStatus(ffi::Highs_getModelStatus(h));
            if status.0 != ffi::MODEL_STATUS_OPTIMAL {
                return Err(Error::NotOptimal(status));
            }
            let mut col_value = vec![0.0; self.columns];
            let mut col_dual = vec![0.0; self.columns];
            let mut row_value = vec![0.0; self.rows];
            let mut row_dual = vec![0.0; self.rows];
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

    /// Objective value of the last solve.
    pub fn objective(&self) -> f64 {
        // SAFETY: the instance is live; the call only reads it.
        unsafe { ffi::Highs_getObjectiveValue(self.highs.0) }
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

    /// Re-solving a loaded model after changing its row bounds gives what a fresh
    /// solve of the changed LP gives, and bad lengths are refused.
    #[test]
    fn changed_row_bounds_resolve_like_a_fresh_model() {
        let mut model = example().load(Options::default()).expect("loads");
        let v = model.minimise().expect("optimal");
        assert!((model.objective() + 12.5).abs() < 1e-9, "{v:?}");
        for (b1, b2) in [(6.0, 7.0), (3.0, 1.0), (10.0, 30.0), (0.0, 0.0)] {
            model
                .set_row_bounds(&[f64::NEG_INFINITY; 2], &[b1, b2])
                .expect("bounds");
            let warm = model.minimise().expect("optimal");
            let mut fresh = RowLp::default();
            for c in [-1.0, -2.0, -1.0] {
                fresh.add_column(c, 0.0, f64::INFINITY);
            }
            fresh.add_row(f64::NEG_INFINITY, b1, &[(0, 3.0), (1, 1.0)]);
            fresh.add_row(f64::NEG_INFINITY, b2, &[(1, 1.0), (2, 2.0)]);
            let cold = fresh.minimise(Options::default()).expect("optimal");
            let obj = |v: &[f64]| -v[0] - 2.0 * v[1] - v[2];
            assert!(
                (obj(&warm) - obj(&cold)).abs() < 1e-9,
                "{b1} {b2}: {warm:?} vs {cold:?}"
            );
            assert!((model.objective() - obj(&warm)).abs() < 1e-9);
        }
        assert_eq!(
            model.set_row_bounds(&[0.0], &[1.0]),
            Err(Error::Length {
                what: "row bounds",
                expected: 2,
                got: 1
            })
        );
    }

    /// Columns and rows added to a solved model take part in the next solve.
    #[test]
    fn added_columns_and_rows_take_part() {
        let mut model = example().load(Options::default()).expect("loads");
        model.minimise().expect("optimal");
        // w with cost -3 in a new row w + y <= 2: y drops to 0 (y <= 2 - w), the
        // optimum is max x + 2y + z + 3w = x 2, w 2, z 3.5 -> -(2 + 3.5 + 6) = -11.5
        // vs. y = 2: x 4/3, z 2.5 -> -(4/3 + 4 + 2.5) = -7.83; so -11.5.
        let w = model
            .add_columns(&[-3.0], &[0.0], &[f64::INFINITY])
            .expect("column");
        assert_eq!((w, model.columns()), (3, 4));
        let mut rows = RowLp::default();
        rows.add_row(f64::NEG_INFINITY, 2.0, &[(w, 1.0), (1, 1.0)]);
        assert_eq!(model.add_rows(&rows).expect("row"), 2);
        let v = model.minimise().expect("optimal");
        assert!((model.objective() + 11.5).abs() < 1e-9, "{v:?}");
        let mut bad = RowLp::default();
        bad.add_row(0.0, 1.0, &[(9, 1.0)]);
        assert_eq!(
            model.add_rows(&bad),
            Err(Error::BadColumn {
                column: 9,
                columns: 4
            })
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
