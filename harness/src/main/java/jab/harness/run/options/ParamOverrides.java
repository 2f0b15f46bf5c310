package jab.harness.run.options;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jab.harness.UsageException;

/** The {@code -p NAME=V1,V2} options: JMH params that replace the profile's and the benchmark's defaults. */
public final class ParamOverrides {
    private ParamOverrides() {
    }

    public static Map<String, String[]> parse(List<String> options) {
        Map<String, String[]> out = new LinkedHashMap<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            String name = eq < 0 ? "" : o.substring(0, eq).trim();
            String[] values = eq < 0 ? new String[0] : Arrays.stream(o.substring(eq + 1).split(","))
                    .map(String::trim).toArray(String[]::new);
            if (eq < 0 || !name.matches("[A-Za-z_][A-Za-z0-9_]*") || values.length == 0
                    || Arrays.stream(values).anyMatch(String::isEmpty)) {
                throw new UsageException("malformed -p '" + o + "': expected -p NAME=VALUE[,VALUE...], e.g. -p files=100,1000");
            }
            if (out.containsKey(name)) {
                throw new UsageException("-p " + name + " given twice; list all values once: -p " + name + "=A,B");
            }
            out.put(name, values);
        }
        return out;
    }
}
