package jab.harness.fs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jab.bench.fs.ExistenceCheck;
import jab.bench.fs.FsSemantics;
import jab.harness.page.Page;

/**
 * The one table of what each existence check answers: a row per path case (regular file, broken
 * symlink, ...), a column per API. Used by {@code jab semantics fs}, summary.md and the reports.
 */
final class FsSemanticsTable {
    private FsSemanticsTable() {
    }

    /**
     * One JDK's answers (case name -> check name -> answer): the checks and cases it has, in the
     * order of ExistenceCheck and FsSemantics.Case, so a run from a jab with fewer of them still reads.
     */
    static void render(Page page, Map<String, Map<String, String>> answers) {
        Set<String> checks = new LinkedHashSet<>();
        Arrays.stream(ExistenceCheck.values()).map(Enum::name).forEach(checks::add);
        answers.values().forEach(row -> checks.addAll(row.keySet()));
        checks.removeIf(k -> answers.values().stream().noneMatch(row -> row.containsKey(k)));
        Set<String> cases = new LinkedHashSet<>();
        Arrays.stream(FsSemantics.Case.values()).map(Enum::name).forEach(cases::add);
        cases.addAll(answers.keySet());
        cases.retainAll(answers.keySet());

        List<String> header = new ArrayList<>(List.of("path"));
        checks.forEach(k -> header.add("`" + call(k) + "`"));
        List<List<String>> rows = new ArrayList<>();
        for (String c : cases) {
            List<String> cells = new ArrayList<>(List.of(label(c)));
            checks.forEach(k -> cells.add(answers.get(c).getOrDefault(k, "?")));
            rows.add(cells);
        }
        page.table(header, rows);
    }

    /** A check's name as the call a user writes (FILE_EXISTS: File.exists()); an unknown name as it is. */
    static String call(String check) {
        try {
            return ExistenceCheck.valueOf(check).call();
        } catch (IllegalArgumentException e) {
            return check;
        }
    }

    private static String label(String pathCase) {
        try {
            return FsSemantics.Case.valueOf(pathCase).label;
        } catch (IllegalArgumentException e) {
            return pathCase;
        }
    }

    /** Every JDK of a run, JDKs that answered alike shown once. */
    static void renderAll(Page page, Map<String, Map<String, Map<String, String>>> byJdk) {
        Map<Map<String, Map<String, String>>, List<String>> groups = new LinkedHashMap<>();
        byJdk.forEach((jdk, answers) -> groups.computeIfAbsent(answers, k -> new ArrayList<>()).add(jdk));
        groups.forEach((answers, jdks) -> {
            boolean all = jdks.size() == byJdk.size() && jdks.size() > 1;
            page.paragraph(all ? "All JDKs of this run agree (" + String.join(", ", jdks) + "):" : "JDK " + String.join(", ", jdks) + ":");
            render(page, answers);
        });
    }
}
