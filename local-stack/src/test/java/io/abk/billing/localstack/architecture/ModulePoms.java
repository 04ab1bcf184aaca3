package io.abk.billing.localstack.architecture;

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
 * Reads the module poms of the build rooted at {@code root} and finds service modules that declare a
 * dependency on another of the project's modules. Only {@code schemas} may be shared; the launcher and harness
 * modules (local-stack, bench, ...) may depend on anything and are not services.
 */
record ModulePoms(Path root) {

    static final String GROUP_ID = "io.abk.billing";
    static final String SHARED_MODULE = "schemas";
    /** Modules that are not deployable services (DESIGN section 2). */
    static final Set<String> NOT_SERVICES = Set.of("schemas", "local-stack", "bench", "system-tests", "contracts");

    /** The modules listed in the root pom. */
    List<String> modules() throws Exception {
        return texts(root.resolve("pom.xml"), "/project/modules/module");
    }

    /** One line per forbidden dependency: {@code api-gateway -> billing-streams}. */
    List<String> violations() throws Exception {
        var found = new ArrayList<String>();
        for (var module : modules()) {
            if (NOT_SERVICES.contains(module)) {
                continue;
            }
            var pom = root.resolve(module).resolve("pom.xml");
            if (!Files.exists(pom)) {
                throw new IllegalStateException("module " + module + " has no pom at " + pom);
            }
            // Direct and profile dependencies count; dependencyManagement only pins versions.
            var dependencies = nodes(pom, "/project/dependencies/dependency | /project/profiles/profile/dependencies/dependency");
            for (int i = 0; i < dependencies.getLength(); i++) {
                var dependency = (Element) dependencies.item(i);
                var groupId = child(dependency, "groupId");
                var artifactId = child(dependency, "artifactId");
                var inHouse = GROUP_ID.equals(groupId) || "${project.groupId}".equals(groupId);
                if (inHouse && !SHARED_MODULE.equals(artifactId)) {
                    found.add(module + " -> " + artifactId);
                }
            }
        }
        return found;
    }

    private static String child(Element element, String name) {
        var children = element.getElementsByTagName(name);
        return children.getLength() == 0 ? "" : children.item(0).getTextContent().strip();
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
