// Has the sliding reached a steady state? A trend test on block means of the late friction profile
// (docs/model.md §14), its window, and the plateau (mean, band, period) only where the test passes.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tribo {

/// The test's constants, declared once: the window is cut into `blocks` blocks of consecutive samples
/// (at least `min_block_samples` each), and a trend is significant when the two-sided p-value of the
/// slope's t statistic is below `significance`.
struct StationarityTest {
  static constexpr std::size_t blocks = 10;
  static constexpr std::size_t min_block_samples = 4;
  static constexpr double significance = 0.01;
  /// The shortest window the test can judge, and so the fewest samples (events) a record needs.
  static constexpr std::size_t min_samples = blocks * min_block_samples;
};

/// The window [start_index, end_index] (inclusive) of the samples and what the test said about it.
/// mean, stddev, mean_error and period describe a plateau and are set only when `reached`.
struct SteadyState {
  bool reached = false;
  std::string reason; // why not, when !reached

  std::size_t start_index = 0, end_index = 0; // the window tested
  double start_delta = 0, end_delta = 0;      // pin displacement at its ends [as given]

  std::size_t blocks = 0;       // block means the trend was fitted to (0: window too short)
  double trend_slope = 0;       // least-squares slope of the block means against their mean delta
  double trend_slope_error = 0; // its standard error, from the scatter of the block means
  double trend_t = 0;           // trend_slope / trend_slope_error
  double trend_p = 1;           // two-sided p-value of trend_t (Student t, blocks - 2 dof)
  double trend_drift = 0;       // trend_slope times the window's length: the change it implies

  double mean = 0, stddev = 0; // of F over the window (the plateau and its band)
  double mean_error = 0;       // standard error of the mean by batch means: sd(block means) / sqrt(blocks)
  double period = 0;           // end_delta - start_delta: the spatial period of the extension
};

/// The window starts at the first sample at or above the mean of the record's second half (the rise is
/// monotone on average) and ends at the last sample. It is stationary when the least-squares slope of
/// its block means is not significantly different from zero (|t| below the Student-t quantile of
/// `StationarityTest::significance`, blocks - 2 degrees of freedom): the batch-means method of
/// simulation output analysis (Schmeiser 1982; Flyvbjerg & Petersen 1989), where block means of long
/// enough blocks are nearly independent and normal, so the classical t test of a regression slope
/// applies to them (e.g. Montgomery & Runger, Applied Statistics and Probability for Engineers, §11-4).
/// A record shorter than `StationarityTest::min_samples`, or a window shorter than that, is not
/// stationary (with the reason). delta and force must have equal lengths.
SteadyState findSteadyState(const std::vector<double> &delta, const std::vector<double> &force);

} // namespace tribo
