package io.abk.billing.systemtests.architecture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads the module poms of the build rooted at {@code root} and finds dependencies between the project's modules
 * that the architecture forbids. A service may depend on the shared libraries only ({@code schemas},
 * {@code streams-kit}, {@code ops-kit}, {@code topics}, {@code webhook-verify}, {@code endpoint-guard},
 * {@code postgres-schema}, {@code contracts}, {@code chain-rpc}, and {@code kafka-test-kit} in test scope), never on
 * another service; a library may depend on other libraries only, never on a service. The launcher and harness modules (local-stack, bench, ...) may
 * depend on anything and are not services.
 */
record ModulePoms(Path root) {

    static final String GROUP_ID = "io.abk.billing";
    /** Libraries a service may use at run time. */
    static final Set<String> SHARED_MODULES = Set.of(
            "schemas",
            "streams-kit",
            "ops-kit",
            "topics",
            "webhook-verify",
            "endpoint-guard",
            "postgres-schema",
            "contracts",
            "chain-rpc");
    /**
     * Libraries a service may use in its tests only: they would put test machinery on its runtime class path
     * (local-chain runs anvil and deploys the contracts; only the local stack runs it for real).
     */
    static final Set<String> TEST_ONLY_MODULES = Set.of("kafka-test-kit", "local-chain");
    /**
     * Modules that neither are services nor are shared by them: launchers, harnesses and examples
     * (docs/architecture.md, "Services and what each owns").
     */
    static final Set<String> LAUNCHERS = Set.of("local-stack", "bench", "examples/analytics-consumer", "system-tests");

    /** The modules listed in the root pom. */
    List<String> modules() throws Exception {
        return texts(root.resolve("pom.xml"), "/project/modules/module");
    }

    /**
     * One line per forbidden dependency: {@code api-gateway -> billing-streams}, or
     * {@code chain-indexer -> kafka-test-kit (scope compile, test only)}.
     */
    List<String> violations() throws Exception {
        var found = new ArrayList<String>();
        for (var module : modules()) {
            if (LAUNCHERS.contains(module)) {
                continue;
            }
            var library = isLibrary(module);
            for (var dependency : inHouseDependencies(module)) {
                var allowed = library ? isLibrary(dependency.artifactId()) : dependency.allowedInAService();
                if (!allowed) {
                    found.add(module + " -> " + dependency);
                }
            }
        }
        return found;
    }

    private static boolean isLibrary(String module) {
        return SHARED_MODULES.contains(module) || TEST_ONLY_MODULES.contains(module);
    }

    private List<Dependency> inHouseDependencies(String module) throws Exception {
        var pom = root.resolve(module).resolve("pom.xml");
        if (!Files.exists(pom)) {
            throw new IllegalStateException("module " + module + " has no pom at " + pom);
        }
        // Direct and profile dependencies count; dependencyManagement only pins versions.
        var nodes = nodes(pom, "/project/dependencies/dependency | /project/profiles/profile/dependencies/dependency");
        var out = new ArrayList<Dependency>();
        for (int i = 0; i < nodes.getLength(); i++) {
            var dependency = (Element) nodes.item(i);
            var groupId = child(dependency, "groupId");
            if (GROUP_ID.equals(groupId) || "${project.groupId}".equals(groupId)) {
                var scope = child(dependency, "scope");
                out.add(new Dependency(child(dependency, "artifactId"), scope.isEmpty() ? "compile" : scope));
            }
        }
        return out;
    }

    /** A dependency on one of the project's own modules. */
    private record Dependency(String artifactId, String scope) {

        /** A shared library in any scope, or a test-only one in test scope. */
        boolean allowedInAService() {
            return SHARED_MODULES.contains(artifactId)
                    || TEST_ONLY_MODULES.contains(artifactId) && "test".equals(scope);
        }

        @Override
        public String toString() {
            return TEST_ONLY_MODULES.contains(artifactId)
                    ? artifactId + " (scope " + scope + ", test only)"
                    : artifactId;
        }
    }

    private static String child(Element element, String name) {
        var children = element.getElementsByTagName(name);
        return children.getLength() == 0
                ? ""
                : children.item(0).getTextContent().strip();
    }

    private static List<String> texts(Path pom, String xpath) throws Exception {
        var nodes = nodes(pom, xpath);
        var out = new ArrayList<String>();
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add(nodes.item(i).getTextContent().strip());
        }
        return out;
    }

    private static NodeList nodes(Path pom, String xpath) throws Exception {
        // Namespace-unaware parsing lets the XPath use bare element names whatever the pom's xmlns.
        var factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        var document = factory.newDocumentBuilder().parse(pom.toFile());
        return (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, document, XPathConstants.NODESET);
    }
}
