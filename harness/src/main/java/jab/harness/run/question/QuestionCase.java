package jab.harness.run.question;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.Baseline;
import jab.harness.family.Family;
import jab.harness.family.Question;
import jab.harness.jdk.Jdk;
import jab.harness.run.jmh.BenchmarkCatalog;
import jab.harness.run.jmh.Job;

/**
 * A question as one run asks it of one JDK: the jobs that are its variants (one combination of the
 * params held fixed), each with its label, and whether they can share a fork.
 *
 * @param question the family's question
 * @param fixed    the params held fixed, and their values
 * @param title    the sentence, with the params held fixed when the question is asked for several
 * @param variants the variants, the reference first
 * @param whyApart empty when the variants can be interleaved in one fork; else why not
 */
public record QuestionCase(Question question, Map<String, String> fixed, String title, List<Variant> variants,
                           String whyApart) {

    /**
     * A variant: its label in the question, how it reads, and the job that measures it.
     *
     * @param planted for {@code jab calibrate}: how many times an invocation makes the operation that
     *                all the question's planted variants share (a copy of a variant against itself: 1
     *                and 1), so two planted variants' true ratio is known; 0 for a variant a user asks about
     */
    public record Variant(String label, String name, Job job, int planted) {
        public Variant(String label, String name, Job job) {
            this(label, name, job, 0);
        }
    }

    public Family family() {
        return variants.get(0).job().family();
    }

    public String reference() {
        return variants.get(0).label();
    }

    public boolean interleaved() {
        return whyApart.isEmpty();
    }

    /**
     * The true score(a) / score(b) when calibrate planted both variants: the ratio of their repeats
     * for a time per operation, its inverse for operations per time; empty otherwise.
     */
    public Optional<Double> plantedRatio(String a, String b) {
        int ka = variant(a).planted();
        int kb = variant(b).planted();
        if (ka <= 0 || kb <= 0) {
            return Optional.empty();
        }
        if (ka == kb) {
            return Optional.of(1.0);
        }
        boolean perTime = variants.get(0).job().entry().getMode() == Mode.Throughput;
        return Optional.of(perTime ? (double) kb / ka : (double) ka / kb);
    }

    private Variant variant(String label) {
        return variants.stream().filter(v -> v.label().equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no variant " + label + " in " + title));
    }

    /**
     * The cases of a family's questions among the jobs a JDK runs: for each question, its jobs grouped
     * by everything but what varies; a group of two or more is a case. {@code catalog} supplies the
     * in-process floor's benchmark, which the user need not have selected.
     */
    public static List<QuestionCase> of(Family family, List<Job> jobs, List<BenchmarkListEntry> catalog, Jdk jdk) {
        List<Question> questions = family.questions(jobs.stream().map(Job::entry).distinct().toList());
        List<QuestionCase> out = new ArrayList<>();
        for (Question q : questions) {
            Map<List<Object>, List<Job>> groups = new LinkedHashMap<>();
            for (Job j : jobs) {
                if (j.family() == family && q.benchmarks().contains(j.benchmark())) {
                    groups.computeIfAbsent(key(q, j), k -> new ArrayList<>()).add(j);
                }
            }
            List<List<Job>> cases = groups.values().stream().filter(g -> g.size() >= 2).toList();
            for (List<Job> g : cases) {
                Map<String, String> fixed = new TreeMap<>(g.get(0).params());
                q.varying().forEach(fixed::remove);
                List<Variant> vs = new ArrayList<>();
                for (Job j : g) {
                    vs.add(new Variant(label(q, j), name(family, q, j), j));
                }
                vs.sort((a, b) -> Boolean.compare(!a.label().equals(q.reference()), !b.label().equals(q.reference())));
                floor(family, q, fixed, catalog, jdk).ifPresent(vs::add);
                String title = q.sentence() + (cases.size() > 1 && !fixed.isEmpty() ? " (" + words(fixed) + ")" : "");
                out.add(new QuestionCase(q, fixed, title, List.copyOf(vs), whyApart(q, vs)));
            }
        }
        return out;
    }

    /**
     * The cases of a family compared with its baseline: per job (a benchmark and one combination of its
     * params) whose combination the base has too, the base's job and the head's, base first. A job the
     * base has no counterpart for makes no case.
     *
     * <p>"Slower" is about time: a throughput benchmark runs in JMH's AverageTime, the same measured loop
     * with the inverse score, so every ratio is the head's time over the base's and smaller is better.
     */
    public static List<QuestionCase> ofBuilds(Baseline baseline, List<Job> heads) {
        List<QuestionCase> out = new ArrayList<>();
        for (Job head : heads) {
            Optional<BenchmarkListEntry> base = baseline.counterpart(head.entry(), head.params());
            Job timed = new Job(head.family(), timed(head.entry()), head.params());
            if (base.isEmpty() || out.stream().anyMatch(c -> c.variants().get(1).job().equals(timed))) {
                continue; // in the head only, or a benchmark of both modes, which time per operation makes one
            }
            Question q = Question.ofBuilds(head.benchmark());
            List<Variant> vs = List.of(new Variant(Baseline.BASE, Baseline.BASE, new Job(baseline.family(), timed(base.get()), head.params())),
                    new Variant(Baseline.HEAD, Baseline.HEAD, timed));
            Map<String, String> fixed = new TreeMap<>(head.params());
            String title = q.sentence() + (fixed.isEmpty() ? "" : " (" + words(fixed) + ")");
            out.add(new QuestionCase(q, fixed, title, vs, whyApart(q, vs)));
        }
        return out;
    }

    private static BenchmarkListEntry timed(BenchmarkListEntry e) {
        return e.getMode() == Mode.Throughput ? e.cloneWith(Mode.AverageTime) : e;
    }

    /**
     * Whether the variants are two builds (or JVM option sets) of the same benchmark, which are
     * measured in alternating forks where they cannot share one ({@link #ofBuilds}).
     */
    public boolean comparesBuilds() {
        return variants.stream().map(v -> v.job().family()).distinct().count() > 1;
    }

    /** What a case's jobs share: their params but the varying ones, and their method unless methods vary. */
    private static List<Object> key(Question q, Job j) {
        Map<String, String> rest = new TreeMap<>(j.params());
        q.varying().forEach(rest::remove);
        return List.of(q.varying().isEmpty() ? j.entry().getUserClassQName() : j.benchmark(), j.entry().getMode(), rest);
    }

    private static String label(Question q, Job j) {
        if (q.varying().isEmpty()) {
            return j.variant().method();
        }
        return q.varying().stream().map(p -> j.params().getOrDefault(p, "")).collect(Collectors.joining("+"));
    }

    private static String name(Family family, Question q, Job j) {
        if (q.varying().isEmpty()) {
            return j.variant().method() + "()";
        }
        return q.varying().stream().map(p -> family.label(p, j.params().get(p)).orElse(j.params().get(p)))
                .collect(Collectors.joining(" + "));
    }

    /** The in-process floor as a variant, with the fixed params it declares, when it runs on this JDK. */
    private static Optional<Variant> floor(Family family, Question q, Map<String, String> fixed, List<BenchmarkListEntry> catalog,
                                           Jdk jdk) {
        if (q.floor().isEmpty() || !family.runsOn(q.floor().get().benchmark(), jdk)) {
            return Optional.empty();
        }
        Question.Floor f = q.floor().get();
        return catalog.stream().filter(e -> e.getUsername().equals(f.benchmark())).findFirst().map(e -> {
            Map<String, String> params = new LinkedHashMap<>();
            BenchmarkCatalog.params(e).forEach((k, v) -> params.put(k, fixed.getOrDefault(k, v[0])));
            return new Variant(f.label(), f.name(), new Job(family, e, Map.copyOf(params)));
        });
    }

    /** Why the variants cannot share a fork, or empty: the question's reason, else one of their own. */
    private static String whyApart(Question q, List<Variant> vs) {
        if (!q.interleaved()) {
            return q.notInterleaved();
        }
        for (Variant v : vs) {
            BenchmarkListEntry e = v.job().entry();
            if (e.getThreadGroups().length > 1 || e.getThreads().orElse(1) != 1) {
                return v.label() + " runs " + e.getThreads().orElse(1) + " threads" + (e.getThreadGroups().length > 1 ? " in groups" : "")
                        + ", and an interleaved fork drives one benchmark thread";
            }
        }
        if (vs.stream().map(v -> v.job().entry().getMode()).distinct().count() > 1) {
            return "its variants run in different JMH modes";
        }
        if (vs.stream().anyMatch(v -> v.job().entry().getMode() == Mode.All)) {
            return "JMH's mode All is several benchmarks in one";
        }
        return "";
    }

    private static String words(Map<String, String> params) {
        return params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }
}
