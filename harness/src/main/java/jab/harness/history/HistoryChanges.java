package jab.harness.history;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.page.ConsoleText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "changes", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Finds the change points of every series of the history: one ratio of one question (params held fixed),",
            "one machine, one JDK, its runs in the order measured. E-divisive means with a Student's t-test, as Apache",
            "Otava (Matteson and James 2014; Fleming et al., ICPE 2023), each side's variance at least its runs' own",
            "intervals'. Each change point: the series, the first commit after it, the ratio before and after with",
            "95%% intervals, the step, which variant got slower, and whether that is a regression beyond --fail-on-regression."},
        footer = {"", "Examples:",
            "  ./jab history changes",
            "  ./jab history changes --since 2026-10-01 --json",
            "  ./jab history changes --db ci-history.db --fail-on-regression 3%%    a gate: exit 1 on a step of 3%% or more",
            "", "Exit: 0, 1 a regression beyond --fail-on-regression, 2 bad input."})
final class HistoryChanges implements Callable<Integer> {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db = new DbOption();

    @Mixin
    ChangeOptions options = new ChangeOptions();

    @Option(names = "--json", description = "print {\"changes\": [...]} as JSON instead of text")
    boolean json;

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
            description = "exit 1 when a step's whole 95%% interval is beyond PCT on the slow side of either variant "
                    + "(of a head/base pair: the head's), e.g. 3%%")
    String failOnRegression;

    @Override
    public Integer call() throws Exception {
        double limit = failOnRegression == null ? 0 : ChangeOptions.percent("--fail-on-regression", failOnRegression);
        ChangeFinder finder = options.finder(limit);
        HistoryStore store = new HistoryStore(db.open());
        List<HistoryStore.Series> series = store.series(options.since());
        List<Change> changes = finder.changes(series);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JSON.writeValueAsString(json(changes, series.size(), limit)));
        } else {
            text(out, store, changes, series.size(), limit);
        }
        out.flush();
        return changes.stream().anyMatch(Change::regression) ? 1 : 0;
    }

    private void text(PrintWriter out, HistoryStore store, List<Change> changes, int series, double limit) throws SQLException {
        out.println("history: " + store.location() + "; " + series + " series (ratio, machine, JDK), " + changes.size()
                + " change point" + (changes.size() == 1 ? "" : "s") + " at p <= " + options.maxP);
        for (Change c : changes) {
            HistoryStore.Series s = c.series();
            out.println();
            out.print(ConsoleText.wrap("", String.format(Locale.ROOT, "%s%s, JDK %s, machine %s: %s / %s", s.question(),
                    fixedWords(s.fixed()), s.jdk(), s.machine(), s.aName(), s.bName())));
            out.print(ConsoleText.wrap("  ", String.format(Locale.ROOT, "first commit after: %s (%s); before %.3f (%.3f-%.3f, %d runs), "
                            + "after %.3f (%.3f-%.3f, %d runs): step %s (%s to %s), p %.2g; %s got slower against %s%s",
                    c.commit(), c.time(), c.before(), c.beforeLow(), c.beforeHigh(), c.runsBefore(), c.after(), c.afterLow(), c.afterHigh(),
                    c.runsAfter(), ChangeOptions.pct(c.step() - 1), ChangeOptions.pct(c.stepLow() - 1), ChangeOptions.pct(c.stepHigh() - 1),
                    c.pValue(), name(s, c.slower()), name(s, c.slower().equals(s.a()) ? s.b() : s.a()),
                    c.regression() ? " - REGRESSION beyond " + ChangeOptions.pct(limit).substring(1) : "")));
        }
        long regressions = changes.stream().filter(Change::regression).count();
        if (limit > 0) {
            out.println();
            out.println("--fail-on-regression " + ChangeOptions.pct(limit).substring(1) + ": " + regressions + " regression"
                    + (regressions == 1 ? "" : "s") + (regressions > 0 ? " (exit status 1)" : ""));
        }
    }

    private static String name(HistoryStore.Series s, String label) {
        return label.equals(s.a()) ? s.aName() : s.bName();
    }

    /** A series' fixed params as a reader writes them: {"files":"1000"} reads " (files=1000)". */
    static String fixedWords(String fixed) {
        try {
            java.util.List<String> parts = new java.util.ArrayList<>();
            JSON.readTree(fixed).fields().forEachRemaining(e -> parts.add(e.getKey() + "=" + e.getValue().asText()));
            return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return " " + fixed; // written by an older jab or by hand: shown as stored
        }
    }

    static ObjectNode json(List<Change> changes, int series, double limit) {
        ObjectNode root = JSON.createObjectNode();
        root.put("series", series);
        root.put("regressionLimit", limit);
        ArrayNode arr = root.putArray("changes");
        for (Change c : changes) {
            HistoryStore.Series s = c.series();
            ObjectNode o = arr.addObject();
            o.put("question", s.question());
            o.put("fixed", s.fixed());
            o.put("jdk", s.jdk());
            o.put("machine", s.machine());
            o.put("machineLabel", s.machineLabel());
            o.put("a", s.a());
            o.put("b", s.b());
            o.put("aName", s.aName());
            o.put("bName", s.bName());
            o.put("commit", c.commit());
            o.put("time", c.time());
            o.put("runsBefore", c.runsBefore());
            o.put("runsAfter", c.runsAfter());
            o.put("before", c.before());
            o.put("beforeLow", c.beforeLow());
            o.put("beforeHigh", c.beforeHigh());
            o.put("after", c.after());
            o.put("afterLow", c.afterLow());
            o.put("afterHigh", c.afterHigh());
            o.put("step", c.step());
            o.put("stepLow", c.stepLow());
            o.put("stepHigh", c.stepHigh());
            o.put("pValue", c.pValue());
            o.put("slower", c.slower());
            o.put("regression", c.regression());
        }
        return root;
    }
}
