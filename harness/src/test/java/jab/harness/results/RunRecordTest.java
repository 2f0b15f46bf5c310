package jab.harness.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.compare.Fixtures;
import jab.harness.env.MachineLoad;

/** env.json's run block as RunStore writes it and RunResults reads it back, in every version's files. */
class RunRecordTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static RunRecord.Request request(Long budgetSeconds, RunRecord.Builds builds) {
        return new RunRecord.Request("jab run fs --budget 3m", "default", 0.05, 10, 0.03, 0.02, budgetSeconds, List.of("fs"),
                Map.of("size", "1,2"), "/tmp", builds, List.of("gc"));
    }

    @Test
    void aRunsBlockHasTheFieldsEveryVersionWroteInTheirOrder(@TempDir Path out) throws Exception {
        RunStore store = RunStore.create(out, "host", JSON.createObjectNode(),
                request(180L, new RunRecord.Builds("/b/head.jar", "/b/base.jar", "-Xint", null, 0.01)));
        store.note("a note");
        store.machineLoad("JDK 17", new MachineLoad.Share(0.01, 0.002, 1.5, 12.34));
        store.cacheProbe(2 << 20, 17.414);
        store.cacheProbe(2 << 20, 18);
        store.refinement(100.4, 3, 1, 39.6);
        store.status("complete");
        assertThat(JSON.readTree(store.dir().resolve(RunStore.ENV).toFile()).get("run").toString()).isEqualTo("{"
                + "\"command\":\"jab run fs --budget 3m\",\"profile\":\"default\",\"precision\":0.05,\"maxForks\":10,\"band\":0.03,"
                + "\"ratioPrecision\":0.02,\"budgetSeconds\":180,\"families\":[\"fs\"],\"params\":{\"size\":\"1,2\"},\"dir\":\"/tmp\","
                + "\"benchmarks\":\"/b/head.jar\",\"baseline\":\"/b/base.jar\",\"baselineJvmArgs\":\"-Xint\",\"failOnRegression\":0.01,"
                + "\"profilers\":[\"gc\"],\"notes\":[\"a note\"],\"status\":\"complete\","
                + "\"machineLoad\":[{\"part\":\"JDK 17\",\"otherCpuShare\":0.01,\"stealShare\":0.002,\"loadAverage\":1.5,\"seconds\":12.34}],"
                + "\"cacheProbe\":{\"bytes\":2097152,\"nanosPerLoad\":[17.41,18.0]},"
                + "\"refinement\":{\"startedAfterSeconds\":100,\"forksAdded\":3,\"resultsShortOfTime\":1,\"moreSecondsWanted\":40}}");

        RunRecord back = RunResults.read(store.dir()).record();
        assertThat(back.request()).isEqualTo(request(180L, new RunRecord.Builds("/b/head.jar", "/b/base.jar", "-Xint", null, 0.01)));
        assertThat(back.notes()).containsExactly("a note");
        assertThat(back.status()).isEqualTo("complete");
        assertThat(back.machineLoad()).containsExactly(new RunRecord.PartLoad("JDK 17", 0.01, 0.002, 1.5, 12.34));
        assertThat(back.cacheSamples()).containsExactly(17.41, 18.0);
        assertThat(back.refinement()).isEqualTo(new RunRecord.Refinement(100, 3, 1, 40));
    }

    @Test
    void aPartOfAFewMillisecondsIsKeptShortNotZero(@TempDir Path out) throws Exception {
        RunStore store = RunStore.create(out, "host", JSON.createObjectNode(), request(null, new RunRecord.Builds(null, null, null, null, null)));
        // a user's jar's "before JMH": nothing to do, and one tick of another process in it
        store.machineLoad("user before JMH", new MachineLoad.Share(1.0, 0, 1.47, 0.0003));
        store.machineLoad("fs outside JMH", new MachineLoad.Share(0.0, 0, 1.47, 0.0042));
        assertThat(RunResults.read(store.dir()).record().machineLoad()).extracting(RunRecord.PartLoad::seconds)
                .as("0 would say the part's time was not recorded").containsExactly(0.001, 0.004);
    }

    @Test
    void whatARunWasNotGivenIsLeftOutOfTheFile(@TempDir Path out) throws Exception {
        RunStore store = RunStore.create(out, "host", JSON.createObjectNode(), request(null, new RunRecord.Builds(null, null, null, null, null)));
        assertThat(JSON.readTree(store.dir().resolve(RunStore.ENV).toFile()).get("run").fieldNames()).toIterable().containsExactly(
                "command", "profile", "precision", "maxForks", "band", "ratioPrecision", "families", "params", "dir", "profilers", "notes",
                "status");
    }

    @Test
    void aFormatOneRunReadsWhatItWroteAndDefaultsTheRest() throws Exception {
        RunRecord run = RunResults.read(Fixtures.run("linux-run")).record();
        assertThat(run.request().command()).isEqualTo("jab run fs kv --jdk all");
        assertThat(run.request().families()).containsExactly("fs");
        assertThat(run.notes()).containsExactly("synthetic fixture for tests");
        assertThat(run.status()).isEqualTo("complete");
        assertThat(run.request().precision()).isZero();
        assertThat(run.request().budgetSeconds()).isNull();
        assertThat(run.request().builds()).isEqualTo(new RunRecord.Builds(null, null, null, null, null));
        assertThat(run.machineLoad()).isEmpty();
        assertThat(run.cacheSamples()).isEmpty();
        assertThat(run.refinement()).isNull();
    }

    @Test
    void fieldsThisVersionDoesNotKnowAreIgnored() throws Exception {
        ObjectNode env = (ObjectNode) JSON.readTree("{\"run\": {\"command\": \"jab run\", \"fromTheFuture\": 1, \"status\": \"complete\","
                + " \"machineLoad\": [{\"part\": \"JDK 17\", \"otherCpuShare\": 0.2, \"pressure\": 3}],"
                + " \"refinement\": {\"forksAdded\": 2, \"why\": \"x\"}}}");
        RunRecord run = RunRecord.of(env);
        assertThat(run.request().command()).isEqualTo("jab run");
        assertThat(run.machineLoad()).containsExactly(new RunRecord.PartLoad("JDK 17", 0.2, 0, 0, 0));
        assertThat(run.refinement().forksAdded()).isEqualTo(2);
    }

    @Test
    void noEnvJsonReadsAsAnEmptyRecord() throws Exception {
        assertThat(RunResults.read(Fixtures.run("noenv-run")).record()).isEqualTo(RunRecord.NONE);
        assertThat(RunRecord.NONE.request().command()).isEmpty();
        assertThat(RunRecord.NONE.notes()).isEmpty();
    }
}
