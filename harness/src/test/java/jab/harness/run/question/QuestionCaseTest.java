package jab.harness.run.question;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.family.Question;
import jab.harness.jdk.Jdk;
import jab.harness.run.jmh.Job;

/** How a family's questions become the cases a run interleaves: what varies, what is held fixed, the floor. */
class QuestionCaseTest {
    static final String FS = "jab.bench.fs.FileExistsBenchmark.";
    private static final String FLOOR = "jab.bench.fs.StatFloorBenchmark.missingFile";
    static final Jdk JDK = new Jdk(Path.of("/jdk"), "17.0.1", 17, "test", "test");
    static final List<BenchmarkListEntry> CATALOG = List.copyOf(BenchmarkList.defaultList()
            .getAll(OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT), List.of()));

    /** A family that asks one question of FileExistsBenchmark.missingFile, with a floor. */
    private static Family asking(Question q) {
        return asking(b -> Optional.empty(), q);
    }

    /** A family of jab's fs benchmarks that asks these questions and plants effects where {@code planted} says. */
    static Family asking(Function<String, Optional<String>> planted, Question... questions) {
        return new Family() {
            @Override
            public String name() {
                return "asking";
            }

            @Override
            public String benchmarkPackage() {
                return "jab.bench.fs.";
            }

            @Override
            public Optional<String> planted(String benchmark) {
                return planted.apply(benchmark);
            }

            @Override
            public String description() {
                return "a family for the test";
            }

            @Override
            public JmhSettings settings(Profile profile) {
                return JmhSettings.of(3, 1, "100ms", 2, "100ms");
            }

            @Override
            public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
                return List.of(questions);
            }
        };
    }

    private static List<Job> jobs(Family f, String method, Map<String, String[]> params) {
        BenchmarkListEntry e = CATALOG.stream().filter(b -> b.getUsername().equals(FS + method)).findFirst().orElseThrow();
        return Job.of(f, List.of(e), params);
    }

    @Test
    void eachCombinationOfTheParamsHeldFixedIsACaseWithTheReferenceFirstAndTheFloorLast() {
        Family f = asking(Question.overParam("which check on a missing file", "api", "FILES_EXISTS", FS + "missingFile")
                .withFloor("syscall:stat", "stat(2) from the fork", FLOOR));
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("api", new String[] {"FILE_EXISTS", "FILES_EXISTS"});
        params.put("files", new String[] {"100", "1000"});
        List<QuestionCase> cases = QuestionCase.of(f, jobs(f, "missingFile", params), CATALOG, JDK);

        assertThat(cases).hasSize(2);
        QuestionCase first = cases.get(0);
        assertThat(first.fixed()).containsExactly(Map.entry("files", "100"));
        assertThat(first.title()).isEqualTo("which check on a missing file (files=100)");
        assertThat(first.variants()).extracting(QuestionCase.Variant::label).containsExactly("FILES_EXISTS", "FILE_EXISTS", "syscall:stat");
        assertThat(first.reference()).isEqualTo("FILES_EXISTS");
        assertThat(first.variants().get(2).job().benchmark()).isEqualTo(FLOOR);
        assertThat(first.variants().get(2).job().params()).containsEntry("files", "100");
        assertThat(first.interleaved()).isTrue();
        assertThat(cases.get(1).fixed()).containsEntry("files", "1000");
    }

    @Test
    void aSingleVariantIsNoQuestion() {
        Family f = asking(Question.overParam("which check", "api", "FILES_EXISTS", FS + "missingFile"));
        Map<String, String[]> params = Map.of("api", new String[] {"FILE_EXISTS"}, "files", new String[] {"100", "1000"});
        assertThat(QuestionCase.of(f, jobs(f, "missingFile", params), CATALOG, JDK)).isEmpty();
    }

    @Test
    void aQuestionOverMethodsGroupsAClassesMethodsWithTheSameParams() {
        Family f = asking(Question.overMethods("which scenario", "", List.of(FS + "missingFile", FS + "existingFile")));
        Map<String, String[]> params = Map.of("api", new String[] {"FILE_EXISTS", "FILES_EXISTS"}, "files", new String[] {"100"});
        List<Job> all = new java.util.ArrayList<>(jobs(f, "missingFile", params));
        all.addAll(jobs(f, "existingFile", params));
        List<QuestionCase> cases = QuestionCase.of(f, all, CATALOG, JDK);
        assertThat(cases).hasSize(2).allSatisfy(c -> assertThat(c.variants()).extracting(QuestionCase.Variant::label)
                .containsExactly("missingFile", "existingFile"));
    }

    @Test
    void aQuestionWhoseVariantsNeedJvmsOfTheirOwnSaysWhy() {
        Family f = asking(Question.overParam("which check", "api", "FILES_EXISTS", FS + "missingFile").inSeparateForks("because"));
        Map<String, String[]> params = Map.of("api", new String[] {"FILE_EXISTS", "FILES_EXISTS"}, "files", new String[] {"100"});
        QuestionCase c = QuestionCase.of(f, jobs(f, "missingFile", params), CATALOG, JDK).get(0);
        assertThat(c.interleaved()).isFalse();
        assertThat(c.whyApart()).isEqualTo("because");
    }

    @Test
    void aUsersJarAsksAboutItsMethodsAndEachParamGivenSeveralValues() {
        List<BenchmarkListEntry> fs = CATALOG.stream().filter(b -> b.getUsername().startsWith(FS)).toList();
        List<Question> qs = Question.derivedFrom(fs);
        assertThat(qs.get(0).varying()).isEmpty();
        assertThat(qs.get(0).benchmarks()).contains(FS + "missingFile", FS + "existingFile");
        assertThat(qs).anySatisfy(q -> {
            assertThat(q.varying()).containsExactly("api");
            assertThat(q.benchmarks()).containsExactly(FS + "missingFile");
        });
    }
}
