package jab.kv.server;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.function.Consumer;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterInfo;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Runs every test of the class once per {@link Transport}: the class takes the transport as its
 * first parameter ({@code @Parameter Transport transport}) and gives it to each server it starts
 * ({@link Servers}, which also makes nothing on such a transport).
 * On a transport this machine cannot run, each test is skipped with Netty's reason, never passed;
 * JUnit still calls the class's {@code @BeforeParameterizedClassInvocation} methods then, so they
 * must start nothing on such a transport.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ParameterizedClass(name = "{0}")
@EnumSource(Transport.class)
@ExtendWith(EveryTransport.SkipUnavailable.class)
public @interface EveryTransport {
    /** Servers for tests on a run's transport. */
    final class Servers {
        private Servers() {
        }

        /** Settings for a test's server: any free port, and this transport. */
        public static ServerConfig config(Transport transport) {
            ServerConfig c = new ServerConfig();
            c.port = 0;
            c.transport = transport;
            return c;
        }

        /**
         * A server on the transport, started with these settings; null on a transport that cannot
         * run here, which only a class's per-run setup meets (JUnit calls it; the tests are skipped).
         */
        public static KvServer started(Transport transport, Consumer<ServerConfig> settings) throws Exception {
            if (!transport.available()) {
                return null;
            }
            ServerConfig c = config(transport);
            settings.accept(c);
            KvServer s = new KvServer(c);
            s.start();
            return s;
        }
    }

    /**
     * Disables each test of a run on a transport that is not {@link Transport#available() available}.
     * Per test, not per run: Surefire reports a skipped test with its reason but leaves out a skipped
     * run of a class altogether, and JUnit asks no condition of a run.
     */
    final class SkipUnavailable implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
                ParameterInfo info = ParameterInfo.get(c); // a parameterized test's own first, then its class's
                Object first = info == null || info.getArguments().size() == 0 ? null : info.getArguments().get(0);
                if (first instanceof Transport) {
                    Transport t = (Transport) first;
                    return t.available() ? ConditionEvaluationResult.enabled(t.label() + " runs here")
                            : ConditionEvaluationResult.disabled(t.label() + " cannot run here: " + t.unavailability());
                }
            }
            return ConditionEvaluationResult.enabled("not a run on one transport");
        }
    }
}
