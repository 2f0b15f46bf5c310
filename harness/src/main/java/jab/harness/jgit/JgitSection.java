package jab.harness.jgit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;

/**
 * The jgit section of summary.md and the reports: time per object of each workload with each
 * existence check, per JDK; the existence check's share of each workload (JGit's own checks against
 * the fastest variant, and seed 002's pair, FS.exists' call against File.exists()); the syscalls of
 * one insert; what the checks answer where they differ.
 */
final class JgitSection {
    static final String BENCH = "jab.bench.jgit.";
    static final String STOCK = "STOCK";
    static final List<String> VARIANTS = List.of("FILE_EXISTS", "FILES_EXISTS", "FILES_EXISTS_NOFOLLOW");

    /** A workload: a benchmark method, and the repository layout for lookups. */
    record Workload(String method, String layout, String words) {
        boolean of(BenchResult r) {
            return r.method().equals(method) && (layout == null || layout.equals(r.param("layout")));
        }
    }

    static final List<Workload> WORKLOADS = List.of(
            new Workload("insertNewObjects", null, "inserting a new loose object"),
            new Workload("insertExistingObjects", null, "inserting an object that exists (loose)"),
            new Workload("lookupExistingObjects", "LOOSE", "looking up an existing loose object"),
            new Workload("lookupMissingObjects", "LOOSE", "looking up a missing object (loose repository)"),
            new Workload("lookupExistingObjects", "PACKED", "looking up an existing packed object"),
            new Workload("lookupMissingObjects", "PACKED", "looking up a missing object (packed repository)"),
            new Workload("rewriteHistory", null, "rewriting a blob in a BFG-like history rewrite"));

    private JgitSection() {
    }

    static void render(RunResults run, Page page, int level) {
        page.heading(level, "jgit: does the existence check matter end to end? (seed 002)");
        page.paragraph("JGit " + JgitFamily.jgitVersion() + " on a bare repository under --dir, time per object (us/op, "
                + "± jab's fork-level 95% interval) with each existence check: `STOCK` is JGit as shipped; the others put "
                + "one call in place of every existence check of JGit's file object database (org.eclipse.jgit.internal."
                + "storage.file, rewritten as it loads) and of the repository's FS. JGit's own loose-object checks have been "
                + "`File.exists()` since JGit 4.1 (commit 05acf1c62f, JGit's answer to seed 002): three per new object (`has` "
                + "before writing, again before the rename, and `LooseObjects.insert`), one per existing object or lookup; "
                + "`FS.exists` is still `Files.exists(p, NOFOLLOW_LINKS)`. Not replaced: the pack folders' attributes, which "
                + "JGit reads through the static FS.DETECTED (an lstat of objects/pack and of the missing "
                + "objects/pack/preserved on each miss), and the stat `File.createTempFile` makes itself. "
                + "A question's checks are timed over its interleaved forks. The share is the "
                + "difference of two checks' times over the slower one's, with its 95% interval: the question's answer for "
                + "the pair, read as a share (a pair without an answer gets none). No C floor: one insert makes a dozen syscalls (below), which no C baseline makes, so no JVM/C ratio.");
        Optional<JgitDocument> doc = run.document(JgitDocument.NAME, JgitDocument.class);
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = RunResults.filter(run.scores(jdk), r -> r.benchmark().startsWith(BENCH));
            if (!rs.isEmpty()) {
                jdk(page, level + 1, run, jdk, rs, doc);
            }
        }
        doc.ifPresent(d -> semantics(page, level + 1, d));
    }

    private static void jdk(Page page, int level, RunResults run, String jdk, List<BenchResult> rs, Optional<JgitDocument> doc) {
        page.heading(level, "JDK " + jdk + " (" + rs.get(0).jdkVersion() + ")");
        List<String> header = new ArrayList<>(List.of("workload", "`STOCK` (JGit's own)"));
        VARIANTS.forEach(v -> header.add("`" + JgitFamily.call(v) + "`"));
        List<List<String>> rows = new ArrayList<>();
        List<String> shares = new ArrayList<>();
        for (Workload w : WORKLOADS) {
            List<BenchResult> ofW = rs.stream().filter(w::of).toList();
            if (ofW.isEmpty()) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(w.method() + (w.layout() == null ? "" : " " + w.layout())));
            row.add(find(ofW, STOCK).map(JgitSection::cell).orElse("-"));
            VARIANTS.forEach(v -> row.add(find(ofW, v).map(JgitSection::cell).orElse("-")));
            rows.add(row);
            shares.addAll(shares(run, jdk, w, ofW));
        }
        page.table(header, rows, 1);
        if (!shares.isEmpty()) {
            page.bullets(shares);
        }
        doc.ifPresent(d -> {
            List<String> lines = d.traces().stream().filter(t -> t.jdk().equals(jdk))
                    .map(t -> "`" + JgitFamily.call(t.exists()) + "`: " + t.words()).toList();
            if (!lines.isEmpty()) {
                page.paragraph("Syscalls of one insert of a new object (strace -f -c of " + InsertTrace.INSERTS + " and "
                        + 2 * InsertTrace.INSERTS + " inserts, the difference; `jab verify jgit`):");
                page.bullets(lines);
            }
        });
    }

    /** The share sentences of one workload: STOCK against the fastest variant, and seed 002's pair. */
    private static List<String> shares(RunResults run, String jdk, Workload w, List<BenchResult> ofW) {
        List<String> out = new ArrayList<>();
        Optional<BenchResult> stock = find(ofW, STOCK);
        Optional<BenchResult> fastest = VARIANTS.stream().map(v -> find(ofW, v)).flatMap(Optional::stream)
                .min(Comparator.comparingDouble(BenchResult::score));
        Optional<Share> ofStock = stock.flatMap(st -> fastest.flatMap(f -> Share.of(run, jdk, st, f)));
        if (ofStock.isPresent()) {
            Share s = ofStock.get();
            String who = "`" + JgitFamily.call(fastest.get().param("exists")) + "`";
            out.add(String.format(Locale.ROOT, "%s on JDK %s: JGit's own checks %s us per object, the fastest variant (%s) %s us; "
                            + "the difference, %s us, is %s of JGit's time%s.", cap(w.words()), jdk,
                    ResultTable.number(stock.get().score()), who, ResultTable.number(fastest.get().score()),
                    ResultTable.number(s.difference()), s.words(), s.significant() || !s.hasInterval() ? "" : ", not distinguishable from none"));
        }
        Optional<BenchResult> nofollow = find(ofW, "FILES_EXISTS_NOFOLLOW");
        Optional<BenchResult> file = find(ofW, "FILE_EXISTS");
        Optional<Share> seed = nofollow.flatMap(n -> file.flatMap(f -> Share.of(run, jdk, n, f)));
        if (seed.isPresent()) {
            Share s = seed.get();
            out.add(String.format(Locale.ROOT, "Seed 002's question, %s on JDK %s: the existence check is %s of %s with "
                            + "`Files.exists(p, NOFOLLOW_LINKS)` (JGit 4.0's check, FS.exists today) rather than `File.exists()` "
                            + "(%s against %s us per object).", w.words(), jdk, s.words(), w.words(),
                    ResultTable.number(nofollow.get().score()), ResultTable.number(file.get().score())));
        }
        return out;
    }

    /** What the checks answer where they differ, per JDK, from fs's semantics probe. */
    private static void semantics(Page page, int level, JgitDocument doc) {
        if (doc.semantics().isEmpty()) {
            return;
        }
        page.heading(level, "Semantics: what each check answers (jab semantics fs)");
        page.paragraph("A broken symlink at an object's path (objects/xx/...): `Files.exists(p, NOFOLLOW_LINKS)` says the object "
                + "exists, so JGit would skip writing it and then fail to read it; `File.exists()` and `Files.exists(p)` say it "
                + "is missing, so JGit writes it and its rename replaces the link.");
        List<String> header = new ArrayList<>(List.of("JDK", "path"));
        VARIANTS.forEach(v -> header.add("`" + JgitFamily.call(v) + "`"));
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<String, Map<String, Map<String, String>>> e : doc.semantics().entrySet()) {
            for (Map.Entry<String, Map<String, String>> c : e.getValue().entrySet()) {
                List<String> row = new ArrayList<>(List.of(e.getKey(), JgitFamily.caseLabel(c.getKey())));
                VARIANTS.forEach(v -> row.add(c.getValue().getOrDefault(v, "?")));
                rows.add(row);
            }
        }
        page.table(header, rows, 2);
    }

    private static String cell(BenchResult r) {
        return ResultTable.cell(r) + ResultTable.allocation(r).map(b -> ", " + ResultTable.bytes(b) + " " + ResultTable.BYTES_PER_OP)
                .orElse("");
    }

    private static Optional<BenchResult> find(List<BenchResult> rs, String exists) {
        return rs.stream().filter(r -> exists.equals(r.param("exists"))).findFirst();
    }

    private static String cap(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
