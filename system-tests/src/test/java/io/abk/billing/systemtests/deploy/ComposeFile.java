package io.abk.billing.systemtests.deploy;

import io.abk.billing.systemtests.RepositoryRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * docker-compose.yml as Compose reads it, with its anchors and merge keys resolved, for tests of what each service
 * gets; the {@code ${...}} of .env stay as written.
 */
record ComposeFile(Map<String, Object> root) {

    static ComposeFile read() throws IOException {
        var text = Files.readString(RepositoryRoot.path().resolve("docker-compose.yml"));
        Map<String, Object> root = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
        return new ComposeFile(root);
    }

    Map<String, Map<String, Object>> services() {
        return map(root.get("services"));
    }

    Map<String, Map<String, Object>> secrets() {
        return map(root.get("secrets"));
    }

    /** A service's environment, its values as strings ({@code null} for a variable listed without one). */
    Map<String, String> environment(String service) {
        var out = new LinkedHashMap<String, String>();
        Map<String, Object> env = map(services().get(service).get("environment"));
        env.forEach((name, value) -> out.put(name, value == null ? null : value.toString()));
        return out;
    }

    @SuppressWarnings("unchecked")
    List<String> list(String service, String key) {
        var value = services().get(service).get(key);
        return value == null
                ? List.of()
                : ((List<Object>) value).stream().map(Object::toString).toList();
    }

    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> map(Object value) {
        return value == null ? Map.of() : (Map<String, V>) value;
    }
}
