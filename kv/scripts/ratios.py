"""Ratios over rounds: a geometric mean and its 95% interval, Student's t over the rounds' log ratios."""
import math
import statistics

# Student's t, two-sided 95%, by degrees of freedom (1..30); beyond 30, 1.96 is close enough.
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
       2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def interval(ratios):
    logs = [math.log(r) for r in ratios]
    mean = statistics.fmean(logs)
    if len(logs) < 2:
        return math.exp(mean), float("nan"), float("nan")
    half = T95[min(len(logs) - 1, len(T95)) - 1] * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)
