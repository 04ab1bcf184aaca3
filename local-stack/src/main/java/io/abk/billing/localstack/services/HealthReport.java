package io.abk.billing.localstack.services;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One answer of the gateway's {@code /actuator/health}: the overall status and, for anything not UP, which
 * component (by its path, e.g. {@code kafka} or {@code db}) and why, so a failed start names what is missing.
 */
public record HealthReport(int httpStatus, String status, List<String> notUp) {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int DETAILS_LIMIT = 200;

    public boolean isUp() {
        return httpStatus == 200 && "UP".equals(status);
    }

    /** A report from the HTTP status and body of one health request. */
    public static HealthReport parse(int httpStatus, String body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (JacksonException e) {
            return new HealthReport(httpStatus, "UNKNOWN", List.of("health answered " + httpStatus + " with no JSON"));
        }
        var status = root.path("status").asString("UNKNOWN");
        var notUp = new ArrayList<String>();
        collectNotUp("", root, notUp);
        if (notUp.isEmpty() && !"UP".equals(status)) {
            notUp.add("status=" + status);
        }
        return new HealthReport(httpStatus, status, List.copyOf(notUp));
    }

    /** One line for logs and errors: {@code kafka=DOWN (details), billingStreams=DOWN}. */
    public String describe() {
        return notUp.isEmpty() ? "status=" + status : String.join(", ", notUp);
    }

    private static void collectNotUp(String path, JsonNode node, List<String> out) {
        var components = node.path("components");
        if (components.isObject() && !components.isEmpty()) {
            for (Map.Entry<String, JsonNode> entry : components.properties()) {
                collectNotUp(path.isEmpty() ? entry.getKey() : path + "." + entry.getKey(), entry.getValue(), out);
            }
            return;
        }
        var status = node.path("status").asString("UNKNOWN");
        if (!path.isEmpty() && !"UP".equals(status)) {
            var details = node.path("details");
            out.add(path + "=" + status
                    + (details.isObject() && !details.isEmpty() ? " (" + shorten(details.toString()) + ")" : ""));
        }
    }

    private static String shorten(String text) {
        return text.length() <= DETAILS_LIMIT ? text : text.substring(0, DETAILS_LIMIT) + "...";
    }
}
