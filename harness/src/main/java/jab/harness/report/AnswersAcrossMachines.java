package jab.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.page.Page;
import jab.harness.results.Comparisons;
import jab.harness.results.ResultSource;
import jab.harness.stats.RatioOfRatios;

/**
 * A question's answers on several machines, side by side: per question and JDK a row per answer
 * (each variant against the question's reference) and a column per machine, each cell that machine's
 * answer with its interval and verdict. Nothing is divided across machines but the answers
 * themselves: two machines' scores never ran at the same moments, while each answer is a ratio of
 * variants that did, so an answer can be held against another machine's where a score cannot.
 *
 * <p>The findings are the answers that differ: where two machines' verdicts point opposite ways, or
 * where the ratio of their two ratios (over both machines' forks, {@link RatioOfRatios}) lies wholly
 * beyond the band: the same code is dearer, relative to its reference, on one machine than on another.
 */
final class AnswersAcrossMachines {
    /** A question on one JDK, as the runs name it. */
    private record Key(String family, String question, String jdk) {
    }

    /** One machine's answer to one question: its id (M1, ...) and the question as the run asked it. */
    private record Answered(String machine, Comparisons.Asked asked) {
    }

    private AnswersAcrossMachines() {
    }

    /** The answers section and its findings; says so when no question was answered on two machines. */
    static void write(Page page, Map<String, List<ResultSource>> machines, List<String> ids, double band, int level) {
        Map<Key, List<Answered>> byQuestion = new LinkedHashMap<>();
        int k = 0;
        for (List<ResultSource> runs : machines.values()) {
            String id = ids.get(k++);
            for (ResultSource in : runs) {
                for (Comparisons.Asked q : questions(in)) {
                    List<Answered> seen = byQuestion.computeIfAbsent(new Key(q.family(), q.question(), q.jdk()), x -> new ArrayList<>());
                    if (seen.stream().noneMatch(a -> a.machine().equals(id))) {
                        seen.add(new Answered(id, q)); // a machine's first run of a question speaks for it
                    }
                }
            }
        }
        byQuestion.values().removeIf(answered -> answered.size() < 2);
        page.heading(level, "Answers across machines");
        List<String> findings = new ArrayList<>();
        if (byQuestion.isEmpty()) {
            page.paragraph("No question was answered on more than one machine.");
        } else {
            page.paragraph("Each question's answers on each machine: a ratio of two variants measured at the same moments in the "
                    + "same forks, with its 95% interval over forks and its verdict. Scores of two machines never ran at the same "
                    + "moments; their answers are what compares.");
        }
        for (Map.Entry<Key, List<Answered>> e : byQuestion.entrySet()) {
            List<Answered> answered = e.getValue();
            Comparisons.Asked first = answered.get(0).asked();
            page.heading(level + 1, e.getKey().question() + ", JDK " + e.getKey().jdk());
            List<String> header = new ArrayList<>(List.of("answer"));
            answered.forEach(a -> header.add(a.machine()));
            List<List<String>> rows = new ArrayList<>();
            for (Comparisons.Ratio r : first.answers()) {
                List<String> row = new ArrayList<>(List.of(first.detail(r.a()).name() + " against " + first.detail(r.b()).name()));
                for (Answered a : answered) {
                    row.add(ratio(a.asked(), r.a(), r.b()).map(x -> cell(a.asked(), x)).orElse("-"));
                }
                rows.add(row);
                findings.addAll(differences(answered, r.a(), r.b(), band));
            }
            page.table(header, rows);
        }
        page.heading(level, "Findings across machines");
        if (findings.isEmpty()) {
            page.paragraph(byQuestion.isEmpty() ? "None: no question was answered on two machines."
                    : "None: no answer points opposite ways on two machines, and no ratio of two machines' ratios lies beyond ±"
                    + Math.round(band * 100) + "%.");
        } else {
            page.bullets(findings);
        }
    }

    private static List<Comparisons.Asked> questions(ResultSource in) {
        return in.run().flatMap(r -> r.document(Comparisons.NAME, Comparisons.class)).map(Comparisons::questions).orElse(List.of())
                .stream().filter(q -> !q.forks().isEmpty()).toList();
    }

    private static Optional<Comparisons.Ratio> ratio(Comparisons.Asked q, String a, String b) {
        return q.answers().stream().filter(r -> r.a().equals(a) && r.b().equals(b)).findFirst();
    }

    /** "1.37x [1.30-1.44] slower (4 forks)": a's cost over b's, its interval and a's verdict. */
    private static String cell(Comparisons.Asked q, Comparisons.Ratio r) {
        Answers.Cost c = Answers.Cost.of(q, r);
        return Double.isNaN(c.low()) ? String.format(Locale.ROOT, "%.2fx, no interval", c.ratio())
                : String.format(Locale.ROOT, "%.2fx [%.2f-%.2f] %s (%d forks)", c.ratio(), c.low(), c.high(), r.verdict(), r.forks());
    }

    /**
     * Each later machine against the first that answered: "opposite verdicts" where one says faster and
     * the other slower, else the ratio of their ratios where its whole interval lies beyond the band.
     */
    private static List<String> differences(List<Answered> answered, String a, String b, double band) {
        List<String> out = new ArrayList<>();
        Answered base = answered.get(0);
        Optional<Comparisons.Ratio> x = ratio(base.asked(), a, b);
        if (x.isEmpty()) {
            return out;
        }
        String pair = base.asked().question() + ", JDK " + base.asked().jdk() + ": " + base.asked().detail(a).name() + " against "
                + base.asked().detail(b).name();
        for (Answered other : answered.subList(1, answered.size())) {
            Optional<Comparisons.Ratio> y = ratio(other.asked(), a, b);
            if (y.isEmpty()) {
                continue;
            }
            boolean opposite = (x.get().verdict().equals("faster") && y.get().verdict().equals("slower"))
                    || (x.get().verdict().equals("slower") && y.get().verdict().equals("faster"));
            RatioOfRatios rr = RatioOfRatios.of(base.asked().forkLogRatios(a, b), other.asked().forkLogRatios(a, b));
            boolean beyond = rr.hasInterval() && (rr.low() > 1 + band || rr.high() < 1 / (1 + band));
            if (opposite || beyond) {
                out.add(String.format(Locale.ROOT, "%s: %s on %s, %s on %s%s", pair, cell(base.asked(), x.get()), base.machine(),
                        cell(other.asked(), y.get()), other.machine(), rr.hasInterval()
                                ? String.format(Locale.ROOT, "; %s over %s: %.2fx [%.2f-%.2f] (95%% over both machines' forks)",
                                other.machine(), base.machine(), rr.ratio(), rr.low(), rr.high()) : ""));
            }
        }
        return out;
    }
}
