package io.abk.billing.usdt.chain;

import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.ContractArtifacts;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localchain.AnvilNode;
import io.abk.billing.localchain.LocalChainTransactions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Optional;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.utils.Numeric;

/**
 * A 6-decimal token on anvil standing for USDT (the contracts module's compiled test token), and the transfers the
 * verification tests need, each mined at once (anvil mines a block per transaction).
 */
final class AnvilToken {

    /** How long a mined transaction's receipt may take to show (anvil mines a block per transaction). */
    private static final Duration RECEIPT_PATIENCE = Duration.ofSeconds(30);

    private final AnvilNode node;
    private final LocalChainTransactions transactions;
    private final String address;

    private AnvilToken(AnvilNode node, String address) {
        this.node = node;
        this.transactions = node.transactions();
        this.address = address;
    }

    static AnvilToken deploy(AnvilNode node, Credentials deployer) {
        return new AnvilToken(node, node.transactions().deploy(deployer, ContractArtifacts.testUsdcCreationCode()));
    }

    String address() {
        return address;
    }

    void mint(Credentials payer, String to, BigInteger baseUnits) {
        transactions.send(payer, address, Erc20Abi.mint(to, baseUnits));
    }

    /** A successful transfer; its hash. */
    String transfer(Credentials from, String to, BigInteger baseUnits) {
        return transactions
                .send(from, address, Erc20Abi.transfer(to, baseUnits))
                .getTransactionHash();
    }

    /**
     * A transfer of more than {@code from} holds, sent with a fixed gas limit instead of an estimate (which would
     * refuse it before sending), so it is mined and reverts; its hash.
     */
    String revertedTransfer(Credentials from, String to, BigInteger baseUnits) {
        var web3j = node.web3j();
        try {
            var nonce = web3j.ethGetTransactionCount(from.getAddress(), DefaultBlockParameterName.PENDING)
                    .send()
                    .getTransactionCount();
            var gasPrice = web3j.ethGasPrice().send().getGasPrice();
            var raw = RawTransaction.createTransaction(
                    nonce,
                    gasPrice,
                    BigInteger.valueOf(100_000),
                    address,
                    BigInteger.ZERO,
                    Erc20Abi.transfer(to, baseUnits));
            var signed = Numeric.toHexString(TransactionEncoder.signMessage(raw, node.chainId(), from));
            var sent = web3j.ethSendRawTransaction(signed).send();
            if (sent.hasError()) {
                throw new IllegalStateException(
                        "anvil refused the transaction: " + sent.getError().getMessage());
            }
            // Anvil mines it at once, yet may answer the receipt a moment after the hash: wait for it.
            var receipt = await("the receipt of " + sent.getTransactionHash())
                    .atMost(RECEIPT_PATIENCE)
                    .pollInterval(Duration.ofMillis(50))
                    .until(
                            () -> web3j.ethGetTransactionReceipt(sent.getTransactionHash())
                                    .send()
                                    .getTransactionReceipt(),
                            Optional::isPresent)
                    .orElseThrow();
            if (receipt.isStatusOK()) {
                throw new IllegalStateException("the transfer was meant to revert");
            }
            return receipt.getTransactionHash();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
