package jab.harness.run;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * run/ is split by concern (questions, JMH execution, options, console, lifecycle) so a reader can
 * take one package at a time: that holds only while the arrows run one way. run drives the packages
 * under it; none of them may reach back into run, and none may need another that needs it.
 */
class RunPackagesTest {
    private static final JavaClasses HARNESS = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("jab.harness");

    @Test
    void packagesUnderRunNeverUseRun() {
        noClasses().that().resideInAnyPackage("jab.harness.run.*..").should().dependOnClassesThat().resideInAPackage("jab.harness.run")
                .because("run drives its sub-packages; what they need of it is an interface of theirs (QuestionHost)")
                .check(HARNESS);
    }

    @Test
    void packagesUnderRunHaveNoCycles() {
        slices().matching("jab.harness.run.(*)..").should().beFreeOfCycles().check(HARNESS);
    }
}
