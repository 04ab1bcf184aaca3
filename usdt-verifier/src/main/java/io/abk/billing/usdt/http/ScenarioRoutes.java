package io.abk.billing.usdt.http;

import io.abk.billing.usdt.config.VerifierDeployment;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.render.UsdtJson;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /v1/scenarios}: in sandbox mode, the reserved transaction hashes and the outcome each selects
 * ({@code {sandbox: true, scenarios: [{txHash, outcome, description}]}}); outside it, none.
 */
@RestController
public class ScenarioRoutes {

    private final boolean sandbox;

    public ScenarioRoutes(VerifierDeployment deployment) {
        this.sandbox = deployment.sandbox();
    }

    @GetMapping("/v1/scenarios")
    public ObjectNode scenarios() {
        var body = UsdtJson.object();
        body.put("sandbox", sandbox);
        var list = body.putArray("scenarios");
        if (sandbox) {
            for (var scenario : SandboxScenario.values()) {
                var item = list.addObject();
                item.put("txHash", scenario.txHash());
                item.put("outcome", scenario.outcome().wire());
                item.put("description", scenario.description());
            }
        }
        return body;
    }
}
