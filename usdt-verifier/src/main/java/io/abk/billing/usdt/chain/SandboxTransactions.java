package io.abk.billing.usdt.chain;

import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.match.TxEvidence;
import java.util.List;

/** The sandbox: no chain; a hash is its scenario ({@link SandboxScenario}), and a poll reads nothing. */
public final class SandboxTransactions implements TransactionSource {

    @Override
    public TxEvidence evidence(String txHash) {
        return SandboxScenario.evidence(txHash);
    }

    @Override
    public RecentTransfers recent(String payToAddress, int blocks) {
        return new RecentTransfers(0, 0, List.of());
    }

    @Override
    public boolean sandbox() {
        return true;
    }
}
