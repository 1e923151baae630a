import 'reflect-metadata'; // @peculiar/x509 (through tsyringe) needs the Reflect metadata API
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * Certificates made at run time for mutual-TLS tests: a CA, and leaf certificates it signs (ECDSA P-256). Each
 * call to `makeCa` is a new, unrelated CA, so a certificate from "another CA" is one `makeCa()` away.
 */
x509.cryptoProvider.set(webcrypto as never);
const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
let serial = 1;

export type Pem = { cert: string; key: string };
export type TestCa = Pem & { issue: (cn: string, usage: 'server' | 'client') => Promise<Pem> };

async function keyPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}

export async function makeCa(name = 'Test CA'): Promise<TestCa> {
  const keys = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const now = Date.now();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: (serial++).toString(16).padStart(2, '0'),
    name: `CN=${name}`,
    notBefore: new Date(now - DAY),
    notAfter: new Date(now + DAY),
    keys: keys as never,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return {
    cert: ca.toString('pem'),
    key: await keyPem(keys.privateKey),
    issue: async (cn, usage) => {
      const leaf = await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']);
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: (serial++).toString(16).padStart(2, '0'),
        subject: `CN=${cn}`,
        issuer: ca.subject,
        notBefore: new Date(now - DAY),
        notAfter: new Date(now + DAY),
        publicKey: leaf.publicKey as never,
        signingKey: keys.privateKey as never,
        signingAlgorithm: alg,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([
            usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth,
          ]),
          ...(usage === 'server'
            ? [
                new x509.SubjectAlternativeNameExtension([
                  { type: 'ip', value: '127.0.0.1' },
                  { type: 'dns', value: 'localhost' },
                ]),
              ]
            : []),
        ],
      });
      return { cert: cert.toString('pem'), key: await keyPem(leaf.privateKey) };
    },
  };
}
