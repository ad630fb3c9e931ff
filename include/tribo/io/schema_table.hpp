// The output schema's table (docs/output.md): every dataset and attribute a study writes, its name,
// unit and description, written once. Included only by tribo/io/schema.hpp, which defines the macros.
//
// TRIBO_DATASET(id, path under /cases/<id>/, unit, integer, enumeration, description)
// TRIBO_ATTRIBUTE(id, group under /cases/<id>/ ("" = the case group), name, unit, description)
// TRIBO_POWER_LAW_KEY(id, key, description): attributes <quantity>_<key> of avalanches/
// (no include guard: an X-macro table)

// --- profile study: normal contact (§3.2) --------------------------------------------------------
TRIBO_DATASET(normal_x, "normal/x", "m", false, "", "surface node positions, undeformed")
TRIBO_DATASET(normal_p, "normal/p", "Pa", false, "", "contact pressure after normal contact (0 off contact)")
TRIBO_DATASET(normal_tau, "normal/tau", "Pa", false, "", "contact shear after normal contact (0 off contact)")
TRIBO_DATASET(pin_x, "pin/x", "m", false, "", "tabulated pin profile: x from the pin's centre")
TRIBO_DATASET(pin_h, "pin/h", "m", false, "", "tabulated pin profile: height above its lowest point")
TRIBO_ATTRIBUTE(normal_state_changes, "normal", "state_changes", "", "state changes until normal equilibrium")
TRIBO_ATTRIBUTE(normal_contact_nodes, "normal", "contact_nodes", "", "nodes in contact")
TRIBO_ATTRIBUTE(normal_contact_patches, "normal", "contact_patches", "", "runs of neighbouring contact nodes")
TRIBO_ATTRIBUTE(normal_contact_length, "normal", "contact_length", "m", "surface widths of the contact nodes")
TRIBO_ATTRIBUTE(normal_hertz_half_width, "normal", "hertz_half_width", "m",
                "Hertz half-width a of the circle")
TRIBO_ATTRIBUTE(normal_interference, "normal", "interference", "m",
                "pin's lowest point below the undeformed surface")

// --- profile study: events of the sliding (§3.2.1) ----------------------------------------------
TRIBO_DATASET(events_delta, "events/delta", "m", false, "", "pin displacement after the event")
TRIBO_DATASET(events_increment, "events/increment", "m", false, "", "pin displacement of the event")
TRIBO_DATASET(events_type, "events/type", "", true, "0 slip, 1 release, 2 contact",
              "the triggering state change")
TRIBO_DATASET(events_node, "events/node", "", true, "", "top-row index of the triggering node")
TRIBO_DATASET(events_state_changes, "events/state_changes", "", true, "",
              "avalanche size: state changes until equilibrium")
TRIBO_DATASET(events_friction_force, "events/friction_force", "N", false, "",
              "friction force F after equilibrium")
TRIBO_DATASET(events_contact_nodes, "events/contact_nodes", "", true, "",
              "nodes in contact after equilibrium")
TRIBO_DATASET(events_contact_patches, "events/contact_patches", "", true, "",
              "contact patches after equilibrium")
TRIBO_DATASET(events_contact_length, "events/contact_length", "m", false, "",
              "real contact length after equilibrium")
TRIBO_DATASET(events_force_drop_over_W, "events/force_drop_over_W", "", false, "",
              "F before the trigger minus after, over W")

// --- profile study: the dimensionless profile (Fig. 6) -----------------------------------------
TRIBO_DATASET(profile_delta_over_Lx, "profile/delta_over_Lx", "", false, "",
              "pin displacement over L_x, two samples per event")
TRIBO_DATASET(profile_F_over_W, "profile/F_over_W", "", false, "",
              "friction force over W: before, then after each avalanche")
TRIBO_ATTRIBUTE(profile_K_Lx_over_W, "profile", "K_Lx_over_W", "",
                "lateral stiffness K (Eq. 15) times L_x over W")
TRIBO_ATTRIBUTE(profile_steady_state_start_over_Lx, "profile", "steady_state_start_over_Lx", "",
                "start of the steady state over L_x")
TRIBO_ATTRIBUTE(profile_steady_state_reached, "profile", "steady_state_reached", "",
                "1 stationary, 0 not (docs/model.md §14)")

// --- profile study: steady state, static peak, counts (case group) ---------------------------
TRIBO_ATTRIBUTE(steady_state_reached, "", "steady_state_reached", "",
                "1 if the trend test found a steady state")
TRIBO_ATTRIBUTE(steady_state_start_over_Lx, "", "steady_state_start_over_Lx", "",
                "tested window's start over L_x")
TRIBO_ATTRIBUTE(steady_state_end_over_Lx, "", "steady_state_end_over_Lx", "", "tested window's end over L_x")
TRIBO_ATTRIBUTE(steady_state_start_index, "", "steady_state_start_index", "", "tested window's first event")
TRIBO_ATTRIBUTE(steady_state_end_index, "", "steady_state_end_index", "", "tested window's last event")
TRIBO_ATTRIBUTE(steady_state_blocks, "", "steady_state_blocks", "", "blocks of the batch-means test")
TRIBO_ATTRIBUTE(steady_state_trend_t, "", "steady_state_trend_t", "", "t statistic of the block means' trend")
TRIBO_ATTRIBUTE(steady_state_trend_p, "", "steady_state_trend_p", "", "two-sided p-value of the trend")
TRIBO_ATTRIBUTE(steady_state_trend_drift_F_over_W, "", "steady_state_trend_drift_F_over_W", "",
                "fitted drift of F/W over the window")
TRIBO_ATTRIBUTE(steady_state_significance, "", "steady_state_significance", "",
                "significance level of the test")
TRIBO_ATTRIBUTE(steady_state_reason, "", "steady_state_reason", "", "why the test failed")
TRIBO_ATTRIBUTE(steady_state_period_over_Lx, "", "steady_state_period_over_Lx", "",
                "steady-state period over L_x")
TRIBO_ATTRIBUTE(mu_s_profile, "", "mu_s_profile", "", "static peak of the profile, F/W")
TRIBO_ATTRIBUTE(mu_s_profile_delta_over_Lx, "", "mu_s_profile_delta_over_Lx", "",
                "where the static peak is, over L_x")
TRIBO_ATTRIBUTE(mu_s_profile_prominence, "", "mu_s_profile_prominence", "",
                "peak above the plateau, in plateau std")
TRIBO_ATTRIBUTE(mu_s_profile_reason, "", "mu_s_profile_reason", "", "why there is no static peak")
TRIBO_ATTRIBUTE(mu_i, "", "mu_i", "", "interface friction coefficient")
TRIBO_ATTRIBUTE(n_slip, "", "n_slip", "", "events triggered by a slip")
TRIBO_ATTRIBUTE(n_release, "", "n_release", "", "events triggered by a release")
TRIBO_ATTRIBUTE(n_contact, "", "n_contact", "", "events triggered by a new contact")
TRIBO_ATTRIBUTE(n_state_changes, "", "n_state_changes", "", "state changes of all events")
TRIBO_ATTRIBUTE(n_solves, "", "n_solves", "", "slab solves")
TRIBO_ATTRIBUTE(solver_path_used, "", "solver_path_used", "", "reference, condensed or compressed")
TRIBO_ATTRIBUTE(condensed_zone_nodes, "", "condensed_zone_nodes", "",
                "nodes of the condensed zone (0 on reference)")
TRIBO_ATTRIBUTE(condensed_bytes, "", "condensed_bytes", "B", "dense memory of the condensed path on rank 0")
TRIBO_ATTRIBUTE(condensations, "", "condensations", "", "condensations of the slab onto a zone")
TRIBO_ATTRIBUTE(compressed_bytes, "", "compressed_bytes", "B",
                "memory of the compressed path on each rank: operator, contact-block factors, kept responses "
                "(0 on the other paths)")
TRIBO_ATTRIBUTE(plateau_mean_F_over_W, "", "plateau_mean_F_over_W", "", "steady-state mean F/W: mu_k (§3.3)")
TRIBO_ATTRIBUTE(plateau_mean_error_F_over_W, "", "plateau_mean_error_F_over_W", "",
                "standard error of the plateau mean")
TRIBO_ATTRIBUTE(plateau_std_F_over_W, "", "plateau_std_F_over_W", "",
                "standard deviation of F/W on the plateau")
TRIBO_ATTRIBUTE(plateau_ratio_to_mu_i, "", "plateau_ratio_to_mu_i", "", "plateau mean over mu_i")
TRIBO_ATTRIBUTE(lateral_stiffness, "", "lateral_stiffness", "N/m", "K of Eq. 15")
TRIBO_ATTRIBUTE(total_travel, "", "total_travel", "m", "pin displacement after the last event")
TRIBO_ATTRIBUTE(mean_increment, "", "mean_increment", "m", "total travel over events")
TRIBO_ATTRIBUTE(mean_increment_over_Lx, "", "mean_increment_over_Lx", "", "mean increment over L_x")

// --- profile study: avalanches (docs/model.md §17) ----------------------------------------------
TRIBO_DATASET(avalanches_size_bin_lower, "avalanches/size_bin_lower", "", false, "",
              "log bins of sizes: lower edges")
TRIBO_DATASET(avalanches_size_density, "avalanches/size_density", "", false, "",
              "probability density of sizes")
TRIBO_DATASET(avalanches_drop_bin_lower_over_W, "avalanches/drop_bin_lower_over_W", "", false, "",
              "log bins of force drops over W")
TRIBO_DATASET(avalanches_drop_density, "avalanches/drop_density", "", false, "",
              "probability density of drops over W")
TRIBO_DATASET(avalanches_increment_bin_lower_over_Lx, "avalanches/increment_bin_lower_over_Lx", "", false, "",
              "log bins of increments over L_x")
TRIBO_DATASET(avalanches_increment_density, "avalanches/increment_density", "", false, "",
              "probability density of increments over L_x")
TRIBO_ATTRIBUTE(avalanches_events_used, "avalanches", "events_used", "", "the events analysed")
TRIBO_ATTRIBUTE(avalanches_bootstrap, "avalanches", "bootstrap", "", "bootstrap resamples")
TRIBO_ATTRIBUTE(avalanches_bootstrap_seed, "avalanches", "bootstrap_seed", "", "the bootstrap's fixed seed")
TRIBO_ATTRIBUTE(avalanches_n_positive_drops, "avalanches", "n_positive_drops", "",
                "force drops over W above 1e-6")
TRIBO_POWER_LAW_KEY(power_law_supported, "power_law_supported", "1 if the power law is supported")
TRIBO_POWER_LAW_KEY(power_law_verdict, "verdict", "the test's verdict, in words")
TRIBO_POWER_LAW_KEY(power_law_n, "n", "samples")
TRIBO_POWER_LAW_KEY(power_law_alpha, "alpha", "exponent of the tail")
TRIBO_POWER_LAW_KEY(power_law_alpha_error, "alpha_error",
                    "bootstrap error of alpha (asymptotic without bootstrap)")
TRIBO_POWER_LAW_KEY(power_law_alpha_error_asymptotic, "alpha_error_asymptotic", "(alpha - 1)/sqrt(n_tail)")
TRIBO_POWER_LAW_KEY(power_law_x_min, "x_min", "lower bound of the tail")
TRIBO_POWER_LAW_KEY(power_law_x_min_error, "x_min_error", "bootstrap error of x_min")
TRIBO_POWER_LAW_KEY(power_law_n_tail, "n_tail", "samples in the tail")
TRIBO_POWER_LAW_KEY(power_law_ks_distance, "ks_distance", "Kolmogorov-Smirnov distance of the fit")
TRIBO_POWER_LAW_KEY(power_law_gof_p, "gof_p", "goodness-of-fit p-value (bootstrap)")
TRIBO_POWER_LAW_KEY(power_law_lr_exponential, "lr_exponential",
                    "normalised log-likelihood ratio against an exponential")
TRIBO_POWER_LAW_KEY(power_law_lr_exponential_p, "lr_exponential_p", "its p-value")
TRIBO_POWER_LAW_KEY(power_law_lr_lognormal, "lr_lognormal",
                    "normalised log-likelihood ratio against a lognormal")
TRIBO_POWER_LAW_KEY(power_law_lr_lognormal_p, "lr_lognormal_p", "its p-value")

// --- dynamics: the stage-driven pin (Eq. 12, §3.3) --------------------------------------------
TRIBO_DATASET(dynamics_t, "dynamics/t", "s", false, "", "time")
TRIBO_DATASET(dynamics_x, "dynamics/x", "m", false, "", "pin position")
TRIBO_DATASET(dynamics_v, "dynamics/v", "m/s", false, "", "pin velocity")
TRIBO_DATASET(dynamics_F_spring, "dynamics/F_spring", "N", false, "", "spring force k(V_o t - x)")
TRIBO_DATASET(dynamics_F_friction, "dynamics/F_friction", "N", false, "", "friction force on the pin")
TRIBO_DATASET(dynamics_theta, "dynamics/theta", "s", false, "", "rate-and-state state variable")
TRIBO_DATASET(dynamics_x_fit, "dynamics/x_fit", "m", false, "", "closed-form fit: pin position")
TRIBO_DATASET(dynamics_v_fit, "dynamics/v_fit", "m/s", false, "", "closed-form fit: pin velocity")
TRIBO_DATASET(dynamics_F_spring_fit, "dynamics/F_spring_fit", "N", false, "", "closed-form fit: spring force")
TRIBO_ATTRIBUTE(dynamics_damping_force, "dynamics", "damping_force", "N", "c V_o")
TRIBO_ATTRIBUTE(dynamics_natural_frequency, "dynamics", "natural_frequency", "rad/s", "omega_n = sqrt(k/m)")
TRIBO_ATTRIBUTE(dynamics_steps, "dynamics", "steps", "", "RK4 steps taken")
TRIBO_ATTRIBUTE(dynamics_work_driving, "dynamics", "work_driving", "J", "work of spring and damper")
TRIBO_ATTRIBUTE(dynamics_work_friction, "dynamics", "work_friction", "J", "work of friction")
TRIBO_ATTRIBUTE(dynamics_kinetic_energy, "dynamics", "kinetic_energy", "J", "kinetic energy at the end")
TRIBO_ATTRIBUTE(dynamics_initial_kinetic_energy, "dynamics", "initial_kinetic_energy", "J",
                "kinetic energy at the start")
TRIBO_ATTRIBUTE(dynamics_energy_balance_error, "dynamics", "energy_balance_error", "J",
                "driving work - kinetic energy change - friction work")
TRIBO_ATTRIBUTE(dynamics_initial_slip_rate, "dynamics", "initial_slip_rate", "m/s",
                "v_i of the creeping start")
TRIBO_ATTRIBUTE(dynamics_theta0, "dynamics", "theta0", "s", "initial state variable")
TRIBO_ATTRIBUTE(dynamics_initial_position, "dynamics", "initial_position", "m", "pin position at the start")
TRIBO_ATTRIBUTE(dynamics_steady_state_mu, "dynamics", "steady_state_mu", "",
                "rate-and-state mu at V_o in steady state")
TRIBO_ATTRIBUTE(dynamics_quasi_static_critical_stiffness, "dynamics", "quasi_static_critical_stiffness",
                "N/m", "W (b - a) / D_c")
TRIBO_ATTRIBUTE(dynamics_critical_stiffness, "dynamics", "critical_stiffness", "N/m",
                "critical stiffness with inertia")
TRIBO_ATTRIBUTE(dynamics_stability_limit, "dynamics", "stability_limit", "s",
                "RK4 step limit at the stiffest state met")
TRIBO_ATTRIBUTE(dynamics_steady_sliding_stability_limit, "dynamics", "steady_sliding_stability_limit", "s",
                "RK4 step limit in steady sliding")
TRIBO_ATTRIBUTE(dynamics_event_slip_onset_times, "dynamics", "event_slip_onset_times", "s",
                "integrator's exact slip onsets")
TRIBO_ATTRIBUTE(dynamics_event_restick_times, "dynamics", "event_restick_times", "s",
                "integrator's exact re-sticks")
TRIBO_ATTRIBUTE(dynamics_stick_speed_tolerance, "dynamics", "stick_speed_tolerance", "m/s",
                "stick rule: speed below")
TRIBO_ATTRIBUTE(dynamics_stick_min_duration, "dynamics", "stick_min_duration", "s",
                "stick rule: for at least")
TRIBO_ATTRIBUTE(dynamics_slip_onset_times, "dynamics", "slip_onset_times", "s", "analysis: slip onsets")
TRIBO_ATTRIBUTE(dynamics_restick_times, "dynamics", "restick_times", "s", "analysis: re-sticks")
TRIBO_ATTRIBUTE(dynamics_mu_s, "dynamics", "mu_s", "", "spring force over W at each slip onset")
TRIBO_ATTRIBUTE(dynamics_mu_k, "dynamics", "mu_k", "", "mean friction over W while sliding")
TRIBO_ATTRIBUTE(dynamics_sliding_time, "dynamics", "sliding_time", "s", "time spent sliding")
TRIBO_ATTRIBUTE(dynamics_fit_mu_s, "dynamics", "fit_mu_s", "", "closed-form fit: mu_s up to the switch")
TRIBO_ATTRIBUTE(dynamics_fit_mu_s_after_switch, "dynamics", "fit_mu_s_after_switch", "",
                "closed-form fit: mu_s after it")
TRIBO_ATTRIBUTE(dynamics_fit_switch_time, "dynamics", "fit_switch_time", "s", "closed-form fit: the switch")
TRIBO_ATTRIBUTE(dynamics_fit_mu_k, "dynamics", "fit_mu_k", "", "closed-form fit: mu_k")
TRIBO_ATTRIBUTE(dynamics_fit_rms_misfit, "dynamics", "fit_rms_misfit", "N",
                "closed-form fit: rms misfit of the spring force")
TRIBO_ATTRIBUTE(dynamics_fit_evaluations, "dynamics", "fit_evaluations", "",
                "closed-form fit: model evaluations")
TRIBO_ATTRIBUTE(dynamics_fit, "dynamics", "fit", "", "the fit asked for, or why it was skipped")

// --- punch study: flat punch (Fig. 5, docs/model.md §7) and the pressed cylinder (Hertz) -------
TRIBO_DATASET(surface_x, "surface/x", "m", false, "", "surface node positions, undeformed")
TRIBO_DATASET(surface_u, "surface/u", "m", false, "", "tangential displacement of the surface")
TRIBO_DATASET(surface_w, "surface/w", "m", false, "", "normal displacement of the surface")
TRIBO_DATASET(surface_p, "surface/p", "Pa", false, "", "contact pressure (0 off contact)")
TRIBO_DATASET(surface_tau, "surface/tau", "Pa", false, "", "contact shear (0 off contact)")
TRIBO_ATTRIBUTE(punch_center, "", "center", "m", "punch centre")
TRIBO_ATTRIBUTE(punch_half_width, "", "half_width", "m", "punch half-width a")
TRIBO_ATTRIBUTE(punch_n_x, "", "n_x", "", "surface nodes")
TRIBO_ATTRIBUTE(punch_nodes, "", "nodes", "", "nodes of the whole hierarchy")
TRIBO_ATTRIBUTE(punch_contact_nodes, "", "contact_nodes", "", "surface nodes in contact")
TRIBO_ATTRIBUTE(punch_total_force, "", "total_force", "N", "normal force P")
TRIBO_ATTRIBUTE(punch_contact_shear, "", "contact_shear", "N", "tangential force Q")
TRIBO_ATTRIBUTE(punch_stiffness_over_G, "", "stiffness_over_G", "",
                "P/(G delta) pressed, Q/(G delta) pulled, per unit depth")
TRIBO_ATTRIBUTE(punch_p0, "", "p0", "Pa", "Johnson's p0 fitted by the total force: P = pi a p0")
TRIBO_ATTRIBUTE(punch_error_window, "", "error_window", "", "compared window |x - center| <= error_window a")
TRIBO_ATTRIBUTE(punch_compared_nodes, "", "compared_nodes", "", "nodes compared with Johnson's solution")
TRIBO_ATTRIBUTE(punch_rms_error, "", "rms_error", "", "RMS of (p - p_J)/p_J over the window")
TRIBO_ATTRIBUTE(punch_max_error, "", "max_error", "", "max |p - p_J|/p_J over the window")
TRIBO_ATTRIBUTE(punch_p0_shape_fit, "", "p0_shape_fit", "Pa", "p0 of Johnson's shape fitted by least squares")
TRIBO_ATTRIBUTE(punch_shape_rms_error, "", "shape_rms_error", "", "RMS relative error against the fitted shape")
TRIBO_ATTRIBUTE(punch_hertz_half_width, "", "hertz_half_width", "m", "Hertz half-width a_H for the load")
TRIBO_ATTRIBUTE(punch_hertz_peak_pressure, "", "hertz_peak_pressure", "Pa", "Hertz peak pressure for the load")
TRIBO_ATTRIBUTE(punch_peak_pressure, "", "peak_pressure", "Pa", "largest contact pressure")
TRIBO_ATTRIBUTE(punch_moment_half_width_over_Lx, "", "moment_half_width_over_Lx", "",
                "2 sqrt(sum f_z s^2 / sum f_z) over L_x (a_H for Hertz's shape)")
TRIBO_ATTRIBUTE(punch_interference, "", "interference", "m", "pin's lowest point below the undeformed surface")

// --- disk study: curves (Eqs. 1-6 of the disk paper, docs/disk.md §1-3) -----------------------
TRIBO_DATASET(disk_eps, "disk/eps", "", false, "", "eps = v/(R omega)")
TRIBO_DATASET(disk_F, "disk/F", "", false, "", "friction force over mu N, F(eps)")
TRIBO_DATASET(disk_T, "disk/T", "", false, "", "friction torque over mu N R, T(eps)")
TRIBO_DATASET(disk_f, "disk/f", "", false, "", "right-hand side of Eq. 6, eps - F/(2 T) with kappa")
TRIBO_ATTRIBUTE(disk_eps0, "disk", "eps0", "", "fixed point of Eq. 6 (0 when none is interior)")
TRIBO_ATTRIBUTE(disk_eps0_slope, "disk", "eps0_slope", "", "f'(eps0)")
TRIBO_ATTRIBUTE(disk_eps0_interior, "disk", "eps0_interior", "", "1 if eps0 is an interior fixed point")
TRIBO_ATTRIBUTE(disk_eps0_residual, "disk", "eps0_residual", "", "f(eps0)")
TRIBO_ATTRIBUTE(disk_pressure, "disk", "pressure", "", "pressure kind: uniform, hertz, annulus, table")
TRIBO_ATTRIBUTE(disk_F_at_1, "disk", "F_at_1", "", "F(1)")
TRIBO_ATTRIBUTE(disk_T_at_1, "disk", "T_at_1", "", "T(1)")
TRIBO_ATTRIBUTE(disk_T_at_0, "disk", "T_at_0", "", "T(0)")
TRIBO_ATTRIBUTE(disk_inertia_factor, "disk", "inertia_factor", "", "kappa in I = kappa m R^2")
TRIBO_ATTRIBUTE(disk_quadrature_max_rel_deviation, "disk", "quadrature_max_rel_deviation", "",
                "ring quadrature against the closed forms on the grid (uniform pressure)")

// --- disk study: trajectories to the stop (Eqs. 2-3, 6) ----------------------------------------
TRIBO_DATASET(trajectory_t, "trajectory/t", "s", false, "", "time")
TRIBO_DATASET(trajectory_v, "trajectory/v", "m/s", false, "", "speed of the centre")
TRIBO_DATASET(trajectory_omega, "trajectory/omega", "rad/s", false, "", "angular velocity")
TRIBO_DATASET(trajectory_eps, "trajectory/eps", "", false, "", "eps = v/(R omega) (inf for pure sliding)")
TRIBO_DATASET(trajectory_distance, "trajectory/distance", "m", false, "", "path travelled by the centre")
TRIBO_DATASET(trajectory_angle, "trajectory/angle", "rad", false, "", "angle turned")
TRIBO_DATASET(trajectory_t_star, "trajectory/t_star", "", false, "", "dimensionless time (before Eq. 4)")
TRIBO_DATASET(trajectory_v_star, "trajectory/v_star", "", false, "", "v over mu sqrt(R g)")
TRIBO_DATASET(trajectory_omega_star, "trajectory/omega_star", "", false, "", "omega over mu sqrt(g/R)")
TRIBO_ATTRIBUTE(trajectory_stop_time, "trajectory", "stop_time", "s", "time of the stop")
TRIBO_ATTRIBUTE(trajectory_stop_time_star, "trajectory", "stop_time_star", "", "stop time, dimensionless")
TRIBO_ATTRIBUTE(trajectory_final_eps, "trajectory", "final_eps", "", "eps at the stop")
TRIBO_ATTRIBUTE(trajectory_initial_eps, "trajectory", "initial_eps", "", "eps at the launch (inf if omega0 = 0)")
TRIBO_ATTRIBUTE(trajectory_switch_time, "trajectory", "switch_time", "s", "hand-over to Eq. 6")
TRIBO_ATTRIBUTE(trajectory_stop_distance, "trajectory", "stop_distance", "m", "path travelled to the stop")
TRIBO_ATTRIBUTE(trajectory_stop_angle, "trajectory", "stop_angle", "rad", "angle turned to the stop")
TRIBO_ATTRIBUTE(trajectory_steps_time, "trajectory", "steps_time", "", "integrator steps in time (phase 1)")
TRIBO_ATTRIBUTE(trajectory_steps_log, "trajectory", "steps_log", "", "integrator steps in -ln omega (phase 2)")
TRIBO_ATTRIBUTE(trajectory_kind, "trajectory", "kind", "", "mixed, pure_sliding or pure_spinning")
TRIBO_ATTRIBUTE(trajectory_pressure, "trajectory", "pressure", "", "pressure kind of the contact")

// --- disk study: the throw analysis ---------------------------------------------------------------
TRIBO_DATASET(analysis_n, "analysis/n", "", false, "", "throw number")
TRIBO_DATASET(analysis_mu, "analysis/mu", "", false, "", "the throw's mu")
TRIBO_DATASET(analysis_eps, "analysis/eps", "", false, "", "recovered eps")
TRIBO_DATASET(analysis_F, "analysis/F", "", false, "", "recovered F")
TRIBO_DATASET(analysis_T, "analysis/T", "", false, "", "recovered T")
TRIBO_DATASET(analysis_F_constant_mu, "analysis/F_constant_mu", "", false, "", "F recovered with the first throw's mu")
TRIBO_DATASET(analysis_T_constant_mu, "analysis/T_constant_mu", "", false, "", "T recovered with the first throw's mu")
TRIBO_DATASET(analysis_F_theory, "analysis/F_theory", "", false, "", "F(eps) at the recovered eps")
TRIBO_DATASET(analysis_T_theory, "analysis/T_theory", "", false, "", "T(eps) at the recovered eps")
TRIBO_ATTRIBUTE(analysis_max_rel_error, "analysis", "max_rel_error", "", "largest error of F and T against theory")
TRIBO_ATTRIBUTE(analysis_mu0, "analysis", "mu0", "", "mu of the first throw")
TRIBO_ATTRIBUTE(analysis_mu_per_throw, "analysis", "mu_per_throw", "", "drift of mu per throw")

// --- disk study: velocity-dependent local friction (docs/disk.md §7) --------------------------
TRIBO_DATASET(velocity_law_frozen_omega, "velocity_law/frozen_omega", "rad/s", false, "",
              "omega of the frozen-spin fixed points")
TRIBO_DATASET(velocity_law_frozen_eps0, "velocity_law/frozen_eps0", "", false, "",
              "fixed point of Eq. 6 with the spin frozen")
TRIBO_ATTRIBUTE(velocity_law_eps0_slow, "velocity_law", "eps0_slow", "", "fixed point of the slow limit")
TRIBO_ATTRIBUTE(velocity_law_eps0_slow_slope, "velocity_law", "eps0_slow_slope", "", "f'(eps0_slow)")
TRIBO_ATTRIBUTE(velocity_law_eps0_slow_interior, "velocity_law", "eps0_slow_interior", "",
                "1 if eps0_slow is an interior fixed point")
TRIBO_ATTRIBUTE(velocity_law_frame_before_stop, "velocity_law", "frame_before_stop", "s",
                "time before the stop of the reported eps")
TRIBO_ATTRIBUTE(velocity_law_eps_frame_before_stop, "velocity_law", "eps_frame_before_stop", "",
                "eps that long before the stop (NaN if the motion is shorter)")

// --- friction_table study: a law tabulated over N x v (docs/friction-laws.md §4) -------------
TRIBO_DATASET(friction_N, "friction/N", "N", false, "", "normal forces, the table's rows")
TRIBO_DATASET(friction_v, "friction/v", "m/s", false, "", "sliding velocities, the table's columns")
TRIBO_DATASET(friction_mu, "friction/mu", "", false, "", "friction coefficient")
TRIBO_DATASET(friction_force, "friction/force", "N", false, "", "friction force")
TRIBO_DATASET(friction_dF_dN, "friction/dF_dN", "", false, "", "d force / d N")
TRIBO_DATASET(friction_dF_dv, "friction/dF_dv", "N s/m", false, "", "d force / d v")
TRIBO_DATASET(friction_strength, "friction/strength", "N", false, "", "friction strength")
TRIBO_DATASET(friction_dstrength_dN, "friction/dstrength_dN", "", false, "", "d strength / d N")
TRIBO_DATASET(friction_dstrength_dv, "friction/dstrength_dv", "N s/m", false, "", "d strength / d v")
TRIBO_DATASET(friction_dmu_dN, "friction/dmu_dN", "1/N", false, "", "d mu / d N")
TRIBO_DATASET(friction_dmu_dv, "friction/dmu_dv", "s/m", false, "", "d mu / d v")
TRIBO_DATASET(friction_theta, "friction/theta", "s", false, "", "state variable at each v (laws with state)")
TRIBO_ATTRIBUTE(friction_law, "friction", "law", "", "the law's name")
