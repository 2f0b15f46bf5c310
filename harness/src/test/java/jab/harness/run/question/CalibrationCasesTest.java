package jab.harness.run.question;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.Question;
import jab.harness.jdk.Jdk;
import jab.harness.results.Comparisons;
import jab.harness.results.TwoVariants;
import jab.harness.run.jmh.BenchmarkCatalog;
import jab.harness.run.jmh.Job;
import jab.harness.stats.RatioVerdict;

/** The questions jab calibrate asks: planted effects in the real questions' shape, A/A copies where a family plants none. */
class CalibrationCasesTest {
    private static final String FS = QuestionCaseTest.FS;
    private static final String REPEATED = "jab.bench.fs.RepeatedCheckBenchmark.";
    private static final Jdk JDK = QuestionCaseTest.JDK;
    private static final List<BenchmarkListEntry> CATALOG = QuestionCaseTest.CATALOG;

    /** A family asking which check on a missing file and on an existing one, planting in the missing file's only. */
    private static final Family FAMILY = QuestionCaseTest.asking(
            b -> b.equals(FS + "missingFile") ? Optional.of(REPEATED + "missingFile") : Optional.empty(),
            Question.overParam("which check on a missing file", "api", "FILE_EXISTS", FS + "missingFile"),
            Question.overParam("which check on an existing file", "api", "FILE_EXISTS", FS + "existingFile"));

    /** The cases of both questions with {@code apis} as the variants (FILE_EXISTS the reference). */
    static List<QuestionCase> cases(String... apis) {
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("api", apis);
        params.put("files", new String[] {"100"});
        List<BenchmarkListEntry> es = CATALOG.stream().filter(b -> b.getUsername().equals(FS + "missingFile")
                || b.getUsername().equals(FS + "existingFile")).toList();
        return QuestionCase.of(FAMILY, Job.of(FAMILY, es, params), CATALOG, JDK);
    }

    @Test
    void aPlantedQuestionHasTheRealOnesShapeAndTheReferencesOperationRepeated() {
        QuestionCase real = cases("FILE_EXISTS", "FILES_EXISTS", "FILE_IS_FILE", "FILES_NOT_EXISTS", "FILES_IS_REGULAR_FILE",
                "FILES_EXISTS_NOFOLLOW", "FILES_READ_ATTRIBUTES").stream().filter(c -> c.title().contains("missing")).findFirst().orElseThrow();
        BenchmarkListEntry instrument = CalibrationCases.plantedBenchmark(real, CATALOG).orElseThrow();
        QuestionCase p = CalibrationCases.planted(real, instrument, 105, 1);

        assertThat(p.variants()).hasSameSizeAs(real.variants()).hasSize(7);
        assertThat(p.interleaved()).isTrue();
        assertThat(p.question()).isEqualTo(real.question());
        assertThat(p.title()).startsWith("planted in 'which check on a missing file'").contains("x100 and x105");
        assertThat(p.variants()).extracting(QuestionCase.Variant::planted).containsExactly(100, 100, 100, 100, 105, 105, 105);
        assertThat(p.variants()).extracting(QuestionCase.Variant::label).doesNotHaveDuplicates().startsWith("x100a").endsWith("x105c");
        assertThat(p.variants()).allSatisfy(v -> {
            assertThat(v.job().benchmark()).isEqualTo(REPEATED + "missingFile");
            assertThat(v.job().params()).containsEntry("api", "FILE_EXISTS").containsEntry("files", "100")
                    .containsEntry(Family.PLANTED_REPEAT, Integer.toString(v.planted()));
        });
        // time per operation: score(a) / score(b) is a's repeats over b's
        assertThat(p.plantedRatio("x105a", "x100b")).contains(1.05);
        assertThat(p.plantedRatio("x100a", "x105c")).contains(100.0 / 105);
        assertThat(p.plantedRatio("x100a", "x100d")).contains(1.0);
        assertThat(real.plantedRatio("FILES_EXISTS", "FILE_EXISTS")).isEmpty();
        // 4 cheaper and 3 dearer: 6 + 3 pairs of a true 1
        assertThat(CalibrationCases.samePairs(p)).isEqualTo(9);
    }

    @Test
    void plantsWhereTheFamilyCanCopiesElsewhereAndRepeatsToTheCountOfTrueOnesAsked() {
        List<QuestionCase> real = cases("FILE_EXISTS", "FILES_EXISTS", "FILE_IS_FILE", "FILES_NOT_EXISTS");
        List<QuestionCase> asked = CalibrationCases.of(real, CATALOG, 14);

        // a pass: the missing file's question planted (4 variants: 1 + 1 pairs of a true 1), the existing
        // file's four variants each against itself (4 more); then again, the dearer half taking the next repeats
        assertThat(asked).extracting(QuestionCase::title).containsExactly(
                "planted in 'which check on a missing file': FILE_EXISTS x100 and x105",
                "A/A: FILE_EXISTS against itself, which check on an existing file",
                "A/A: FILES_EXISTS against itself, which check on an existing file",
                "A/A: FILE_IS_FILE against itself, which check on an existing file",
                "A/A: FILES_NOT_EXISTS against itself, which check on an existing file",
                "planted in 'which check on a missing file': FILE_EXISTS x100 and x103, replicate 2",
                "A/A: FILE_EXISTS against itself, which check on an existing file, replicate 2",
                "A/A: FILES_EXISTS against itself, which check on an existing file, replicate 2",
                "A/A: FILE_IS_FILE against itself, which check on an existing file, replicate 2",
                "A/A: FILES_NOT_EXISTS against itself, which check on an existing file, replicate 2",
                "planted in 'which check on a missing file': FILE_EXISTS x100 and x110, replicate 3");
        assertThat(asked.stream().mapToInt(CalibrationCases::samePairs).sum()).isEqualTo(14);
        QuestionCase copy = asked.get(1);
        assertThat(copy.variants()).hasSize(2);
        assertThat(copy.variants().get(1).job()).isSameAs(copy.variants().get(0).job());
        assertThat(copy.variants().get(1).label()).isEqualTo(copy.variants().get(0).label() + CalibrationCases.AGAIN);
        assertThat(copy.plantedRatio(copy.variants().get(0).label(), copy.variants().get(1).label())).contains(1.0);
        // every case at least once, however few pairs are asked for
        assertThat(CalibrationCases.of(real, CATALOG, 1)).hasSize(5);
    }

    @Test
    void aPlantedBenchmarkWithoutTheReferencesParamsIsAFamilysMistake() {
        QuestionCase real = cases("FILE_EXISTS", "FILES_EXISTS").get(0);
        BenchmarkListEntry floor = CATALOG.stream().filter(b -> b.getUsername().equals("jab.bench.fs.StatFloorBenchmark.missingFile"))
                .findFirst().orElseThrow();
        assertThatThrownBy(() -> CalibrationCases.planted(real, floor, 105, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("declares no param [api, repeat]");
    }

    @Test
    void eachRatioOfAPlantedQuestionCarriesItsTruthInComparisonsJson() throws Exception {
        QuestionCase real = cases("FILE_EXISTS", "FILES_EXISTS").get(0);
        QuestionCase p = CalibrationCases.planted(real, CalibrationCases.plantedBenchmark(real, CATALOG).orElseThrow(), 110, 1);
        Comparisons.Asked two = TwoVariants.question("two", new double[] {1.10, 1.09}, new double[] {1.11, 1.10});
        // the same forks under the planted question's labels
        List<Comparisons.Fork> forks = two.forks().stream().map(f -> new Comparisons.Fork(f.seed(), f.rounds().stream()
                .map(r -> new Comparisons.Round(List.of("x100a", "x110a"), r.scores())).toList())).toList();
        Comparisons.Asked q = new Comparisons.Asked(p.title(), "fs", "17", Map.of(), List.of("x100a", "x110a"), "x100a", List.of(), false,
                "", two.slices(), forks, List.of(), jab.harness.stats.SequentialDesign.FIXED).withRatios(RatioVerdict.DEFAULT_BAND);
        Comparisons.Asked withTruth = ComparisonsWriter.withPlantedTruths(p, q);
        assertThat(withTruth.ratios()).singleElement().satisfies(r -> assertThat(r.planted()).isEqualTo(1.10));

        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        String written = json.writeValueAsString(withTruth.ratios().get(0));
        assertThat(written).contains("\"planted\":1.1");
        assertThat(json.writeValueAsString(q.ratios().get(0))).doesNotContain("planted");
        assertThat(json.readValue(written, Comparisons.Ratio.class)).isEqualTo(withTruth.ratios().get(0));
    }

    @Test
    void fsPlantsInItsSingleFileQuestionsWithABenchmarkThatTakesTheReferencesParams() {
        Family fs = jab.harness.cli.FamilyRegistry.load().byName("fs").orElseThrow();
        for (String scenario : List.of("missingFile", "existingFile")) {
            String planted = fs.planted(FS + scenario).orElseThrow();
            BenchmarkListEntry e = CATALOG.stream().filter(b -> b.getUsername().equals(planted)).findFirst().orElseThrow();
            assertThat(BenchmarkCatalog.params(e)).containsKeys("api", "files", Family.PLANTED_REPEAT);
            assertThat(e.getMode()).isEqualTo(CATALOG.stream().filter(b -> b.getUsername().equals(FS + scenario)).findFirst()
                    .orElseThrow().getMode());
        }
        assertThat(fs.planted(FS + "randomMissingFiles")).isEmpty();
    }

    @Test
    void noSelectionHoldsAPlantedBenchmark() {
        BenchmarkCatalog catalog = BenchmarkCatalog.of(CATALOG, new FamilySet(List.of(FAMILY)));
        assertThat(catalog.of(FAMILY)).extracting(BenchmarkListEntry::getUsername).contains(FS + "missingFile")
                .doesNotContain(REPEATED + "missingFile");
        assertThat(catalog.select(List.of("Repeated|missingFile")).get(FAMILY)).extracting(BenchmarkListEntry::getUsername)
                .contains(FS + "missingFile").doesNotContain(REPEATED + "missingFile");
        assertThat(catalog.entries()).extracting(BenchmarkListEntry::getUsername).contains(REPEATED + "missingFile");
    }
}
