//! The part of HiGHS's C API (`vendor/HiGHS/highs/interfaces/highs_c_api.h`) that this crate
//! calls, declared by hand. `HighsInt` is `int` unless HiGHS is built with
//! `HIGHSINT64`, which the build script leaves off.

use std::ffi::{c_char, c_double, c_int, c_void};

pub type HighsInt = c_int;

pub const STATUS_ERROR: HighsInt = -1;
pub const OBJ_SENSE_MINIMIZE: HighsInt = 1;
pub const MATRIX_FORMAT_ROWWISE: HighsInt = 2;

pub const MODEL_STATUS_OPTIMAL: HighsInt = 7;

unsafe extern "C" {
    pub fn Highs_create() -> *mut c_void;
    pub fn Highs_destroy(highs: *mut c_void);
    pub fn Highs_setBoolOptionValue(
        highs: *mut c_void,
        option: *const c_char,
        value: HighsInt,
    ) -> HighsInt;
    pub fn Highs_setIntOptionValue(
        highs: *mut c_void,
        option: *const c_char,
        value: HighsInt,
    ) -> HighsInt;
    #[allow(clippy::too_many_arguments)]
    pub fn Highs_passLp(
        highs: *mut c_void,
        num_col: HighsInt,
        num_row: HighsInt,
        num_nz: HighsInt,
        a_format: HighsInt,
        sense: HighsInt,
        offset: c_double,
        col_cost: *const c_double,
        col_lower: *const c_double,
        col_upper: *const c_double,
        row_lower: *const c_double,
        row_upper: *const c_double,
        a_start: *const HighsInt,
        a_index: *const HighsInt,
        a_value: *const c_double,
    ) -> HighsInt;
    pub fn Highs_run(highs: *mut c_void) -> HighsInt;
    pub fn Highs_getObjectiveValue(highs: *const c_void) -> c_double;
    pub fn Highs_changeRowsBoundsByRange(
        highs: *mut c_void,
        from_row: HighsInt,
        to_row: HighsInt,
        lower: *const c_double,
        upper: *const c_double,
    ) -> HighsInt;
    #[allow(clippy::too_many_arguments)]
    pub fn Highs_addCols(
        highs: *mut c_void,
        num_new_col: HighsInt,
        costs: *const c_double,
        lower: *const c_double,
        upper: *const c_double,
        num_new_nz: HighsInt,
        starts: *const HighsInt,
        index: *const HighsInt,
        value: *const c_double,
    ) -> HighsInt;
    #[allow(clippy::too_many_arguments)]
    pub fn Highs_addRows(
        highs: *mut c_void,
        num_new_row: HighsInt,
        lower: *const c_double,
        upper: *const c_double,
        num_new_nz: HighsInt,
        starts: *const HighsInt,
        index: *const HighsInt,
        value: *const c_double,
    ) -> HighsInt;
    pub fn Highs_getModelStatus(highs: *const c_void) -> HighsInt;
    pub fn Highs_getSolution(
        highs: *const c_void,
        col_value: *mut c_double,
        col_dual: *mut c_double,
        row_value: *mut c_double,
        row_dual: *mut c_double,
    ) -> HighsInt;
}
