package jab.harness.page;

import java.util.ArrayList;
import java.util.List;

/**
 * One chart, as data: bars (with error bars) or lines over category labels. The HTML page hands it
 * to Chart.js as JSON; nothing here knows about drawing.
 *
 * @param type   "bar" or "line"
 * @param yTitle the axis title, with the unit
 */
public record ChartSpec(String type, String title, String xTitle, String yTitle, List<String> labels,
                        List<Series> series) {

    /** One dataset: a value per label (NaN where absent) and its error half-width (NaN: none). */
    public record Series(String name, List<Double> values, List<Double> errors) {
        public Series(String name) {
            this(name, new ArrayList<>(), new ArrayList<>());
        }

        public void add(double value, double error) {
            values.add(value);
            errors.add(error);
        }

        boolean empty() {
            return values.stream().allMatch(v -> v == null || v.isNaN());
        }
    }

    /** Without the datasets that have no value at all. */
    public ChartSpec pruned() {
        return new ChartSpec(type, title, xTitle, yTitle, labels, series.stream().filter(s -> !s.empty()).toList());
    }

    public boolean isEmpty() {
        return labels.isEmpty() || series.stream().allMatch(Series::empty);
    }
}
