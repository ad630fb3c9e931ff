// One event of the quasistatic sliding (paper §3.2.1): the trigger and the avalanche it set off.
#pragma once

namespace tribo {

/// What the smallest pin displacement makes happen at one node (paper §2.1.1, §3.2.1).
enum class EventType : int {
  slip = 0,    // |tau| would exceed mu_i p (constraint II)
  release = 1, // the pressure would turn negative (constraint I)
  contact = 2, // a free node would penetrate the pin (constraint III)
};

inline const char *eventTypeName(EventType t) {
  return t == EventType::slip ? "slip" : t == EventType::release ? "release" : "contact";
}

struct SlipEvent {
  EventType type;
  int node;              // top-row index of the triggering node
  double delta;          // pin displacement after the event [m]
  double increment;      // pin displacement of this event [m]
  int state_changes;     // slips, releases and contacts until equilibrium, the trigger included
  double friction_force; // sum of the contact shear forces after equilibrium [N/m of depth]
  int contact_nodes;     // nodes in contact after equilibrium
  int contact_patches;   // runs of neighbouring contact nodes after equilibrium (a rough pin has many)
  double contact_length; // the real contact length: the surface widths of the contact nodes [m]
  double force_drop;     // friction force just before the trigger's state change minus after [N/m]
};

} // namespace tribo
