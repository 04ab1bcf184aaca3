package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.controlplane.user.UserRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import reactor.core.publisher.Mono;

/**
 * The page that confirms an action before it is done ({@code confirm.mustache}): what will happen, the fields the action
 * takes (named as the API names them), and the one button ({@code data-action="confirm"}) whose form the dashboard's
 * script sends to the API route. The form's Idempotency-Key is minted with the page, so sending it twice does the
 * action once. Built by one route for one page, then rendered.
 */
final class ConfirmPage {

    private final Map<String, Object> model = new HashMap<>();
    private final List<Map<String, Object>> fields = new ArrayList<>();
    private final List<Map<String, Object>> choices = new ArrayList<>();
    private final List<Map<String, Object>> fixed = new ArrayList<>();
    private final List<Map<String, Object>> selects = new ArrayList<>();

    /**
     * @param page the {@code <main data-page>} of the resource the action is on
     * @param apiPath the {@code /v1} route the form is sent (POST) to
     * @param back the resource's page: the way back, and where the page goes once the action is done (with
     *     {@code ?done=} and the route's last segment)
     */
    ConfirmPage(String page, String heading, String sentence, String apiPath, String back, String backLabel) {
        model.put("page", page);
        model.put("heading", heading);
        model.put("sentence", sentence);
        model.put("apiMethod", "POST");
        model.put("apiPath", apiPath);
        model.put("next", back + "?done=" + apiPath.substring(apiPath.lastIndexOf('/') + 1));
        model.put("nextId", "");
        model.put("backHref", back);
        model.put("backLabel", backLabel);
        model.put("keepLabel", "Keep it as it is");
        model.put("confirmLabel", heading);
        model.put("tone", "");
        model.put("fields", fields);
        model.put("choices", choices);
        model.put("fixed", fixed);
        model.put("selects", selects);
        model.put("showSecret", "");
        model.put("secretHeading", "The new signing secret");
        model.put(
                "secretSentence",
                "Copy it now and put it where your server checks the signatures: it is shown this once and never"
                        + " again.");
        model.put("secretLabel", "Signing secret");
    }

    /**
     * The page of an action that money or the catalog needs an admin for ({@code doing} says what, as in "change an
     * invoice"): {@code page} for an admin or the owner, else the 403 refusal page, and nothing read.
     */
    static Mono<ResponseEntity<String>> forAdmin(
            DashboardSession session, String doing, Supplier<Mono<ResponseEntity<String>>> page) {
        if (!session.role().includes(UserRole.ADMIN)) {
            return Mono.just(DashboardPages.refused(
                    HttpStatus.FORBIDDEN,
                    "Only an admin or the owner may " + doing + "; you are a "
                            + session.role().wireName() + "."));
        }
        return DashboardRenderer.orRefusal(Mono.defer(page));
    }

    String heading() {
        return String.valueOf(model.get("heading"));
    }

    /** The button says {@code label}; a {@code danger}ous action's is red. */
    ConfirmPage button(String label, boolean danger) {
        model.put("confirmLabel", label);
        model.put("tone", danger ? "danger" : "");
        return this;
    }

    /** Sent with {@code method} instead of POST; done, the resource's page says {@code done}. */
    ConfirmPage method(String method, String done) {
        model.put("apiMethod", method);
        model.put("next", model.get("backHref") + "?done=" + done);
        return this;
    }

    /**
     * Creates rather than changes: done, the page goes to {@code next}, where {@code {id}} is the id the API's answer
     * holds at {@code nextId} (a dotted path); the way out says {@code keepLabel}.
     */
    ConfirmPage creates(String next, String nextId, String keepLabel) {
        model.put("next", next);
        model.put("nextId", nextId);
        model.put("keepLabel", keepLabel);
        return this;
    }

    /**
     * With a text field: {@code json} is how the script sends it ({@code number} exactly as typed, or empty for text),
     * and an empty {@code hint} shows none.
     */
    ConfirmPage field(String label, String name, String json, String value, String hint, boolean required) {
        var field = new HashMap<String, Object>();
        field.put("label", label);
        field.put("name", name);
        field.put("type", "text");
        field.put("json", json);
        field.put("inputmode", "number".equals(json) ? "decimal" : "");
        field.put("value", value);
        field.put("hint", hint);
        field.put("required", required);
        fields.add(field);
        return this;
    }

    /** With a choice of false (chosen at first, labelled {@code whenFalse}) or true for the boolean {@code name}. */
    ConfirmPage yesNo(String legend, String name, String whenFalse, String whenTrue) {
        choices.add(Map.of(
                "legend",
                legend,
                "options",
                List.of(
                        Map.of("name", name, "value", "false", "json", "boolean", "label", whenFalse, "checked", true),
                        Map.of(
                                "name", name, "value", "true", "json", "boolean", "label", whenTrue, "checked",
                                false))));
        return this;
    }

    /**
     * With a choice of one of {@code options} (each a value and its label, the first chosen at first) for the text field
     * {@code name}.
     */
    ConfirmPage oneOf(String legend, String name, List<Map.Entry<String, String>> options) {
        var shown = new ArrayList<Map<String, Object>>();
        for (var option : options) {
            shown.add(Map.of(
                    "name", name,
                    "value", option.getKey(),
                    "json", "",
                    "label", option.getValue(),
                    "checked", shown.isEmpty()));
        }
        choices.add(Map.of("legend", legend, "options", shown));
        return this;
    }

    /**
     * With a drop-down list of {@code options} (each a value and its label; {@code selected} chosen at first) for the
     * text field {@code name}.
     */
    ConfirmPage select(String label, String name, List<Map.Entry<String, String>> options, String selected) {
        var shown = new ArrayList<Map<String, Object>>();
        for (var option : options) {
            shown.add(Map.of(
                    "value",
                    option.getKey(),
                    "label",
                    option.getValue(),
                    "selected",
                    option.getKey().equals(selected)));
        }
        selects.add(Map.of("label", label, "name", name, "options", shown));
        return this;
    }

    /** With a value the member does not choose (a hidden field), sent as {@code json} says ({@code boolean}, ...). */
    ConfirmPage fixed(String name, String json, String value) {
        fixed.add(Map.of("name", name, "json", json, "value", value));
        return this;
    }

    /**
     * Done, the page shows the secret at {@code path} of the API's answer once (the script's
     * {@code data-show-secret}) with a link on to the resource's page, instead of going there at once.
     */
    ConfirmPage showsSecret(String path) {
        model.put("showSecret", path);
        return this;
    }

    /** As {@link #showsSecret(String)}, of another secret than a signing secret: the panel's words. */
    ConfirmPage showsSecret(String path, String heading, String sentence, String label) {
        model.put("secretHeading", heading);
        model.put("secretSentence", sentence);
        model.put("secretLabel", label);
        return showsSecret(path);
    }

    /** The template's model, with a new Idempotency-Key. */
    Map<String, Object> model() {
        var rendered = new HashMap<>(model);
        rendered.put("idempotencyKey", "dash_" + UUID.randomUUID());
        return rendered;
    }
}
