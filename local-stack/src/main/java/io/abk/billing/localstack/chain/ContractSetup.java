package io.abk.billing.localstack.chain;

import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainDeployer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.DefaultBlockParameterName;

/**
 * Makes sure the test token and the vault are on the chain: the ones recorded in {@code local-chain.properties} when
 * they still have code (anvil's state was kept), else new ones, with every account funded and the merchant's payout
 * account approving the vault for refunds.
 */
final class ContractSetup {

    private static final Logger log = LoggerFactory.getLogger(ContractSetup.class);

    private ContractSetup() {}

    /** What was found or deployed, and whether it is new. */
    record Outcome(DeploymentFile deployment, boolean deployedNow) {}

    static Outcome ensure(AnvilNode node, Path file, Duration blockTime) {
        var kept = DeploymentFile.read(file).filter(recorded -> stillThere(node, recorded));
        if (kept.isPresent()) {
            log.info(
                    "event=local_chain_contracts_kept token={} vault={}",
                    kept.get().deployment().tokenAddress(),
                    kept.get().deployment().vaultAddress());
            return new Outcome(kept.get(), false);
        }
        var deployed = deploy(node, blockTime);
        deployed.write(file);
        return new Outcome(deployed, true);
    }

    private static boolean stillThere(AnvilNode node, DeploymentFile recorded) {
        var deployment = recorded.deployment();
        var there = deployment.chainId() == node.chainId()
                && hasCode(node, deployment.tokenAddress())
                && hasCode(node, deployment.vaultAddress());
        if (there && !recorded.vaultOfThisBuild()) {
            log.warn("event=local_chain_vault_outdated vault={} action=deploy_again", deployment.vaultAddress());
            return false;
        }
        if (!there) {
            log.warn(
                    "event=local_chain_contracts_gone token={} vault={} action=deploy_again",
                    deployment.tokenAddress(),
                    deployment.vaultAddress());
        }
        return there;
    }

    private static boolean hasCode(AnvilNode node, String address) {
        try {
            var code = node.web3j()
                    .ethGetCode(address, DefaultBlockParameterName.LATEST)
                    .send()
                    .getCode();
            return code != null && !code.equals("0x") && !code.isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("eth_getCode failed", e);
        }
    }

    /**
     * Deploys and funds with a block per transaction (automine), then goes back to a block every
     * {@code blockTime}: the thirteen transactions take well under a second instead of thirteen.
     */
    private static DeploymentFile deploy(AnvilNode node, Duration blockTime) {
        var from = node.blockNumber() + 1;
        node.setAutomine(true);
        try {
            var deployer = new LocalChainDeployer(node);
            var deployment = deployer.deploy(
                    ChainAccounts.get(ChainAccounts.DEPLOYER),
                    ChainAccounts.get(ChainAccounts.RELAYER).getAddress());
            var everyone =
                    AnvilAccounts.all().stream().map(Credentials::getAddress).toList();
            deployer.mint(
                    ChainAccounts.get(ChainAccounts.DEPLOYER),
                    deployment.tokenAddress(),
                    everyone,
                    ChainAccounts.FUNDING);
            // Refunds are paid by the merchant through the vault (transferFrom the payout address): unlimited, so a
            // walkthrough never runs into the allowance.
            deployer.approveVault(
                    deployment, List.of(ChainAccounts.get(ChainAccounts.MERCHANT_PAYOUT)), Erc20Abi.UNLIMITED);
            log.info(
                    "event=local_chain_funded accounts={} usdcEach={}",
                    everyone.size(),
                    ChainAccounts.FUNDING.divide(BigInteger.TEN.pow(6)));
            return new DeploymentFile(deployment, from, DeploymentFile.vaultCodeOfThisBuild());
        } finally {
            node.rpc("evm_setIntervalMining", Math.max(1, blockTime.toSeconds()));
        }
    }
}
