package jab.harness.results;

import java.nio.file.Path;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

import com.fasterxml.jackson.databind.JsonNode;

import jab.harness.UsageException;

/**
 * The shape of one result in JMH's JSON, checked before {@link JmhJson} reads it. JMH's own writer
 * never makes anything else, so another shape is a file edited by hand or written by another tool;
 * read as it was, it failed deep inside compare, report or merge (a histogram entry without its
 * count was a NullPointerException). It is bad input instead, named by file, benchmark and field.
 */
final class JmhShape {
    private final Path file;
    private final String where;

    private JmhShape(Path file, String where) {
        this.file = file;
        this.where = where;
    }

    /** @param index the result's place in the file's array, for a result without a benchmark name */
    static void check(JsonNode result, Path file, int index) {
        JsonNode benchmark = result.path("benchmark");
        JmhShape shape = new JmhShape(file, benchmark.isTextual() ? "benchmark " + benchmark.asText() : "result " + (index + 1));
        shape.require(benchmark.isTextual() && !benchmark.asText().isBlank(), "benchmark", "a name");
        shape.optional(result, "mode", JsonNode::isTextual, "a text");
        shape.optional(result, "params", JsonNode::isObject, "an object of name: value");
        shape.optional(result, "jvmArgs", JsonNode::isArray, "an array");
        JsonNode pm = result.path("primaryMetric");
        shape.require(pm.isObject(), "primaryMetric", "an object");
        shape.require(isNumber(pm.path("score")), "score", "a number");
        shape.optional(pm, "scoreError", JmhShape::isNumber, "a number");
        shape.optional(pm, "scoreUnit", JsonNode::isTextual, "a text such as us/op");
        shape.perForkPerIteration(pm.path("rawData"), "rawData", (score, at) -> shape.require(isNumber(score), at, "a number"));
        shape.perForkPerIteration(pm.path("rawDataHistogram"), "rawDataHistogram", shape::histogramIteration);
    }

    /** JMH's raw data: an array of forks, each an array of iterations, each iteration checked by {@code iteration}. */
    private void perForkPerIteration(JsonNode raw, String field, BiConsumer<JsonNode, String> iteration) {
        if (absent(raw)) {
            return;
        }
        require(raw.isArray(), field, "an array of forks");
        for (int f = 0; f < raw.size(); f++) {
            JsonNode fork = raw.get(f);
            require(fork.isArray(), field + "[" + f + "]", "an array of iterations");
            for (int i = 0; i < fork.size(); i++) {
                iteration.accept(fork.get(i), field + "[" + f + "][" + i + "]");
            }
        }
    }

    /** Sample mode's iteration: a list of [value, count] pairs. */
    private void histogramIteration(JsonNode iteration, String at) {
        require(iteration.isArray(), at, "an array of [value, count] pairs");
        for (int e = 0; e < iteration.size(); e++) {
            JsonNode pair = iteration.get(e);
            boolean ok = pair.isArray() && pair.size() == 2 && isNumber(pair.get(0))
                    && pair.get(1).isIntegralNumber() && pair.get(1).canConvertToLong() && pair.get(1).asLong() >= 0;
            require(ok, at + "[" + e + "]", "a [value, count] pair, the count a whole number >= 0, but is " + pair);
        }
    }

    private void optional(JsonNode node, String field, Predicate<JsonNode> test, String expected) {
        JsonNode v = node.path(field);
        require(absent(v) || test.test(v), field, expected);
    }

    private void require(boolean ok, String field, String expected) {
        if (!ok) {
            throw new UsageException(file + " is not JMH JSON: " + where + ": " + field + " should be " + expected);
        }
    }

    private static boolean absent(JsonNode n) {
        return n.isMissingNode() || n.isNull();
    }

    /** A JSON number or one of the strings JMH writes numbers as ("NaN", "INF", "-INF", "1.5"). */
    private static boolean isNumber(JsonNode n) {
        return n != null && (n.isNumber() || n.isTextual() && (!Double.isNaN(JmhJson.number(n)) || n.asText().trim().equals("NaN")));
    }
}
