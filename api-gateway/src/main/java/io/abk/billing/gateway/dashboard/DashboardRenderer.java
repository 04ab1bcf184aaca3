package io.abk.billing.gateway.dashboard;

import com.samskivert.mustache.Template;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.opskit.web.ErrorAnswerException;
import java.util.Map;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * A signed-in member's page: the page's own template rendered into the frame with their team's name. A request the
 * API would refuse (an unknown id, a bad filter: an {@link ErrorAnswerException}) is the refusal page with the API's
 * status and sentence instead, never a JSON error in the middle of the dashboard.
 */
@Component
public class DashboardRenderer {

    private final MerchantService merchants;

    public DashboardRenderer(MerchantService merchants) {
        this.merchants = merchants;
    }

    /** The 200 page of {@code section} titled {@code title}. */
    public Mono<ResponseEntity<String>> page(
            DashboardSession session, String title, String section, Template template, Map<String, ?> model) {
        return page(HttpStatus.OK, session, title, section, template, model);
    }

    public Mono<ResponseEntity<String>> page(
            HttpStatusCode status,
            DashboardSession session,
            String title,
            String section,
            Template template,
            Map<String, ?> model) {
        return merchants.get(session.merchantId()).map(merchant -> {
            var name = Objects.requireNonNullElse(merchant.displayName(), merchant.name());
            var content = DashboardPages.render(template, model);
            return DashboardPages.html(
                    status, DashboardPages.page(title, new DashboardPages.Viewer(session, name), section, content));
        });
    }

    /** {@code answer}, or the refusal page when it fails as the API would refuse it. */
    public static Mono<ResponseEntity<String>> orRefusal(Mono<ResponseEntity<String>> answer) {
        return answer.onErrorResume(
                ErrorAnswerException.class,
                refusal -> Mono.just(DashboardPages.refused(
                        HttpStatusCode.valueOf(refusal.status()),
                        Objects.requireNonNullElse(refusal.getMessage(), ""))));
    }
}
