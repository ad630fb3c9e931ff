"""The names, units and descriptions of tribo's result datasets and attributes (docs/output.md).

Generated from include/tribo/io/schema_table.hpp, the one place a name is written; do not edit.
Regenerate: TRIBO_WRITE_SCHEMA=1 build/release/tests/unit_schema (tests/unit/test_schema.cpp fails
while this file differs from the table).

    from tribo import schema
    schema.DATASETS["events/type"]["enumeration"]    # "0 slip, 1 release, 2 contact"
    schema.attribute_unit("dynamics", "work_driving")  # "J"
"""

DATASETS = {
    "normal/x": {"unit": "m", "integer": False, "enumeration": "", "description": "surface node positions, undeformed"},
    "normal/p": {"unit": "Pa", "integer": False, "enumeration": "", "description": "contact pressure after normal contact (0 off contact)"},
    "normal/tau": {"unit": "Pa", "integer": False, "enumeration": "", "description": "contact shear after normal contact (0 off contact)"},
    "pin/x": {"unit": "m", "integer": False, "enumeration": "", "description": "tabulated pin profile: x from the pin's centre"},
    "pin/h": {"unit": "m", "integer": False, "enumeration": "", "description": "tabulated pin profile: height above its lowest point"},
    "events/delta": {"unit": "m", "integer": False, "enumeration": "", "description": "pin displacement after the event"},
    "events/increment": {"unit": "m", "integer": False, "enumeration": "", "description": "pin displacement of the event"},
    "events/type": {"unit": "", "integer": True, "enumeration": "0 slip, 1 release, 2 contact", "description": "the triggering state change"},
    "events/node": {"unit": "", "integer": True, "enumeration": "", "description": "top-row index of the triggering node"},
    "events/state_changes": {"unit": "", "integer": True, "enumeration": "", "description": "avalanche size: state changes until equilibrium"},
    "events/friction_force": {"unit": "N", "integer": False, "enumeration": "", "description": "friction force F after equilibrium"},
    "events/contact_nodes": {"unit": "", "integer": True, "enumeration": "", "description": "nodes in contact after equilibrium"},
    "events/contact_patches": {"unit": "", "integer": True, "enumeration": "", "description": "contact patches after equilibrium"},
    "events/contact_length": {"unit": "m", "integer": False, "enumeration": "", "description": "real contact length after equilibrium"},
    "events/force_drop_over_W": {"unit": "", "integer": False, "enumeration": "", "description": "F before the trigger minus after, over W"},
    "profile/delta_over_Lx": {"unit": "", "integer": False, "enumeration": "", "description": "pin displacement over L_x, two samples per event"},
    "profile/F_over_W": {"unit": "", "integer": False, "enumeration": "", "description": "friction force over W: before, then after each avalanche"},
    "avalanches/size_bin_lower": {"unit": "", "integer": False, "enumeration": "", "description": "log bins of sizes: lower edges"},
    "avalanches/size_density": {"unit": "", "integer": False, "enumeration": "", "description": "probability density of sizes"},
    "avalanches/drop_bin_lower_over_W": {"unit": "", "integer": False, "enumeration": "", "description": "log bins of force drops over W"},
    "avalanches/drop_density": {"unit": "", "integer": False, "enumeration": "", "description": "probability density of drops over W"},
    "avalanches/increment_bin_lower_over_Lx": {"unit": "", "integer": False, "enumeration": "", "description": "log bins of increments over L_x"},
    "avalanches/increment_density": {"unit": "", "integer": False, "enumeration": "", "description": "probability density of increments over L_x"},
    "dynamics/t": {"unit": "s", "integer": False, "enumeration": "", "description": "time"},
    "dynamics/x": {"unit": "m", "integer": False, "enumeration": "", "description": "pin position"},
    "dynamics/v": {"unit": "m/s", "integer": False, "enumeration": "", "description": "pin velocity"},
    "dynamics/F_spring": {"unit": "N", "integer": False, "enumeration": "", "description": "spring force k(V_o t - x)"},
    "dynamics/F_friction": {"unit": "N", "integer": False, "enumeration": "", "description": "friction force on the pin"},
    "dynamics/theta": {"unit": "s", "integer": False, "enumeration": "", "description": "rate-and-state state variable"},
    "dynamics/x_fit": {"unit": "m", "integer": False, "enumeration": "", "description": "closed-form fit: pin position"},
    "dynamics/v_fit": {"unit": "m/s", "integer": False, "enumeration": "", "description": "closed-form fit: pin velocity"},
    "dynamics/F_spring_fit": {"unit": "N", "integer": False, "enumeration": "", "description": "closed-form fit: spring force"},
}

ATTRIBUTES = {
    ("normal", "state_changes"): {"unit": "", "description": "state changes until normal equilibrium"},
    ("normal", "contact_nodes"): {"unit": "", "description": "nodes in contact"},
    ("normal", "contact_patches"): {"unit": "", "description": "runs of neighbouring contact nodes"},
    ("normal", "contact_length"): {"unit": "m", "description": "surface widths of the contact nodes"},
    ("normal", "hertz_half_width"): {"unit": "m", "description": "Hertz half-width a of the circle"},
    ("normal", "interference"): {"unit": "m", "description": "pin's lowest point below the undeformed surface"},
    ("profile", "K_Lx_over_W"): {"unit": "", "description": "lateral stiffness K (Eq. 15) times L_x over W"},
    ("profile", "steady_state_start_over_Lx"): {"unit": "", "description": "start of the steady state over L_x"},
    ("profile", "steady_state_reached"): {"unit": "", "description": "1 stationary, 0 not (docs/model.md §14)"},
    ("", "steady_state_reached"): {"unit": "", "description": "1 if the trend test found a steady state"},
    ("", "steady_state_start_over_Lx"): {"unit": "", "description": "tested window's start over L_x"},
    ("", "steady_state_end_over_Lx"): {"unit": "", "description": "tested window's end over L_x"},
    ("", "steady_state_start_index"): {"unit": "", "description": "tested window's first event"},
    ("", "steady_state_end_index"): {"unit": "", "description": "tested window's last event"},
    ("", "steady_state_blocks"): {"unit": "", "description": "blocks of the batch-means test"},
    ("", "steady_state_trend_t"): {"unit": "", "description": "t statistic of the block means' trend"},
    ("", "steady_state_trend_p"): {"unit": "", "description": "two-sided p-value of the trend"},
    ("", "steady_state_trend_drift_F_over_W"): {"unit": "", "description": "fitted drift of F/W over the window"},
    ("", "steady_state_significance"): {"unit": "", "description": "significance level of the test"},
    ("", "steady_state_reason"): {"unit": "", "description": "why the test failed"},
    ("", "steady_state_period_over_Lx"): {"unit": "", "description": "steady-state period over L_x"},
    ("", "mu_s_profile"): {"unit": "", "description": "static peak of the profile, F/W"},
    ("", "mu_s_profile_delta_over_Lx"): {"unit": "", "description": "where the static peak is, over L_x"},
    ("", "mu_s_profile_prominence"): {"unit": "", "description": "peak above the plateau, in plateau std"},
    ("", "mu_s_profile_reason"): {"unit": "", "description": "why there is no static peak"},
    ("", "mu_i"): {"unit": "", "description": "interface friction coefficient"},
    ("", "n_slip"): {"unit": "", "description": "events triggered by a slip"},
    ("", "n_release"): {"unit": "", "description": "events triggered by a release"},
    ("", "n_contact"): {"unit": "", "description": "events triggered by a new contact"},
    ("", "n_state_changes"): {"unit": "", "description": "state changes of all events"},
    ("", "n_solves"): {"unit": "", "description": "slab solves"},
    ("", "solver_path_used"): {"unit": "", "description": "reference or condensed"},
    ("", "condensed_zone_nodes"): {"unit": "", "description": "nodes of the condensed zone (0 on reference)"},
    ("", "condensed_bytes"): {"unit": "B", "description": "dense memory of the condensed path on rank 0"},
    ("", "condensations"): {"unit": "", "description": "condensations of the slab onto a zone"},
    ("", "plateau_mean_F_over_W"): {"unit": "", "description": "steady-state mean F/W: mu_k (§3.3)"},
    ("", "plateau_mean_error_F_over_W"): {"unit": "", "description": "standard error of the plateau mean"},
    ("", "plateau_std_F_over_W"): {"unit": "", "description": "standard deviation of F/W on the plateau"},
    ("", "plateau_ratio_to_mu_i"): {"unit": "", "description": "plateau mean over mu_i"},
    ("", "lateral_stiffness"): {"unit": "N/m", "description": "K of Eq. 15"},
    ("", "total_travel"): {"unit": "m", "description": "pin displacement after the last event"},
    ("", "mean_increment"): {"unit": "m", "description": "total travel over events"},
    ("", "mean_increment_over_Lx"): {"unit": "", "description": "mean increment over L_x"},
    ("avalanches", "events_used"): {"unit": "", "description": "the events analysed"},
    ("avalanches", "bootstrap"): {"unit": "", "description": "bootstrap resamples"},
    ("avalanches", "bootstrap_seed"): {"unit": "", "description": "the bootstrap's fixed seed"},
    ("avalanches", "n_positive_drops"): {"unit": "", "description": "force drops over W above 1e-6"},
    ("dynamics", "damping_force"): {"unit": "N", "description": "c V_o"},
    ("dynamics", "natural_frequency"): {"unit": "rad/s", "description": "omega_n = sqrt(k/m)"},
    ("dynamics", "steps"): {"unit": "", "description": "RK4 steps taken"},
    ("dynamics", "work_driving"): {"unit": "J", "description": "work of spring and damper"},
    ("dynamics", "work_friction"): {"unit": "J", "description": "work of friction"},
    ("dynamics", "kinetic_energy"): {"unit": "J", "description": "kinetic energy at the end"},
    ("dynamics", "initial_kinetic_energy"): {"unit": "J", "description": "kinetic energy at the start"},
    ("dynamics", "energy_balance_error"): {"unit": "J", "description": "driving work - kinetic energy change - friction work"},
    ("dynamics", "initial_slip_rate"): {"unit": "m/s", "description": "v_i of the creeping start"},
    ("dynamics", "theta0"): {"unit": "s", "description": "initial state variable"},
    ("dynamics", "initial_position"): {"unit": "m", "description": "pin position at the start"},
    ("dynamics", "steady_state_mu"): {"unit": "", "description": "rate-and-state mu at V_o in steady state"},
    ("dynamics", "quasi_static_critical_stiffness"): {"unit": "N/m", "description": "W (b - a) / D_c"},
    ("dynamics", "critical_stiffness"): {"unit": "N/m", "description": "critical stiffness with inertia"},
    ("dynamics", "stability_limit"): {"unit": "s", "description": "RK4 step limit at the stiffest state met"},
    ("dynamics", "steady_sliding_stability_limit"): {"unit": "s", "description": "RK4 step limit in steady sliding"},
    ("dynamics", "event_slip_onset_times"): {"unit": "s", "description": "integrator's exact slip onsets"},
    ("dynamics", "event_restick_times"): {"unit": "s", "description": "integrator's exact re-sticks"},
    ("dynamics", "stick_speed_tolerance"): {"unit": "m/s", "description": "stick rule: speed below"},
    ("dynamics", "stick_min_duration"): {"unit": "s", "description": "stick rule: for at least"},
    ("dynamics", "slip_onset_times"): {"unit": "s", "description": "analysis: slip onsets"},
    ("dynamics", "restick_times"): {"unit": "s", "description": "analysis: re-sticks"},
    ("dynamics", "mu_s"): {"unit": "", "description": "spring force over W at each slip onset"},
    ("dynamics", "mu_k"): {"unit": "", "description": "mean friction over W while sliding"},
    ("dynamics", "sliding_time"): {"unit": "s", "description": "time spent sliding"},
    ("dynamics", "fit_mu_s"): {"unit": "", "description": "closed-form fit: mu_s up to the switch"},
    ("dynamics", "fit_mu_s_after_switch"): {"unit": "", "description": "closed-form fit: mu_s after it"},
    ("dynamics", "fit_switch_time"): {"unit": "s", "description": "closed-form fit: the switch"},
    ("dynamics", "fit_mu_k"): {"unit": "", "description": "closed-form fit: mu_k"},
    ("dynamics", "fit_rms_misfit"): {"unit": "N", "description": "closed-form fit: rms misfit of the spring force"},
    ("dynamics", "fit_evaluations"): {"unit": "", "description": "closed-form fit: model evaluations"},
    ("dynamics", "fit"): {"unit": "", "description": "the fit asked for, or why it was skipped"},
}

POWER_LAW_KEYS = {
    "power_law_supported": "1 if the power law is supported",
    "verdict": "the test's verdict, in words",
    "n": "samples",
    "alpha": "exponent of the tail",
    "alpha_error": "bootstrap error of alpha (asymptotic without bootstrap)",
    "alpha_error_asymptotic": "(alpha - 1)/sqrt(n_tail)",
    "x_min": "lower bound of the tail",
    "x_min_error": "bootstrap error of x_min",
    "n_tail": "samples in the tail",
    "ks_distance": "Kolmogorov-Smirnov distance of the fit",
    "gof_p": "goodness-of-fit p-value (bootstrap)",
    "lr_exponential": "normalised log-likelihood ratio against an exponential",
    "lr_exponential_p": "its p-value",
    "lr_lognormal": "normalised log-likelihood ratio against a lognormal",
    "lr_lognormal_p": "its p-value",
}


POWER_LAW_QUANTITIES = ("size", "drop", "increment")


def dataset_unit(path):
    """The SI unit of the dataset at ``path`` under /cases/<id>/ ("" = dimensionless)."""
    return DATASETS[path]["unit"]


def attribute_unit(group, name):
    """The SI unit of attribute ``name`` of ``group`` ("" = the case group); "" = dimensionless."""
    if (group, name) in ATTRIBUTES:
        return ATTRIBUTES[(group, name)]["unit"]
    if name.startswith("n_") and (group, name[2:]) in ATTRIBUTES:
        return ""  # the count of a list attribute
    if group == "avalanches" and name.split("_", 1)[0] in POWER_LAW_QUANTITIES:
        key = name.split("_", 1)[1]
        if key in POWER_LAW_KEYS:
            return ""
    raise KeyError(f"no attribute {name!r} of group {group!r} in the schema")
