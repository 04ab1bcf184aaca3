package io.abk.billing.localchain;

import io.abk.billing.contracts.ContractArtifacts;
import io.abk.billing.contracts.Erc20Abi;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.Web3j;

/**
 * Deploys the test token and the subscription vault to a development chain, and funds and approves accounts with
 * the test token. Every step waits for its receipt.
 */
public final class LocalChainDeployer {

    private static final Logger LOG = LoggerFactory.getLogger(LocalChainDeployer.class);

    private final LocalChainTransactions transactions;
    private final long chainId;

    public LocalChainDeployer(Web3j web3j, long chainId) {
        this.transactions = new LocalChainTransactions(web3j, chainId);
        this.chainId = chainId;
    }

    public LocalChainDeployer(AnvilNode node) {
        this(node.web3j(), node.chainId());
    }

    /** Deploys TestUSDC, then a vault whose relayer is {@code relayerAddress}, both from {@code deployer}. */
    public LocalChainDeployment deploy(Credentials deployer, String relayerAddress) {
        String token = transactions.deploy(deployer, ContractArtifacts.testUsdcCreationCode());
        String vault = transactions.deploy(deployer, ContractArtifacts.vaultCreationCode(relayerAddress));
        var deployment = new LocalChainDeployment(chainId, token, vault, relayerAddress.toLowerCase(Locale.ROOT));
        LOG.info(
                "event=local_chain_deployed chainId={} token={} vault={} relayer={}",
                chainId,
                token,
                vault,
                deployment.relayerAddress());
        return deployment;
    }

    /** Mints {@code amount} test-token base units to each address (the test token's mint is open to anyone). */
    public void mint(Credentials payer, String token, List<String> addresses, BigInteger amount) {
        for (String address : addresses) {
            transactions.send(payer, token, Erc20Abi.mint(address, amount));
        }
    }

    /** Each owner approves {@code spender} (the vault) for {@code amount} of {@code token}. */
    public void approve(String token, String spender, List<Credentials> owners, BigInteger amount) {
        for (Credentials owner : owners) {
            transactions.send(owner, token, Erc20Abi.approve(spender, amount));
        }
    }

    /** Each owner approves the deployment's vault for {@code amount} of its test token. */
    public void approveVault(LocalChainDeployment deployment, List<Credentials> owners, BigInteger amount) {
        approve(deployment.tokenAddress(), deployment.vaultAddress(), owners, amount);
    }

    public LocalChainTransactions transactions() {
        return transactions;
    }
}
