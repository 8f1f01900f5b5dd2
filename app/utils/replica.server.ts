// The replica's state for back-office screens; the replica itself runs beside the server (server/replica*.ts).
export { replicaConfigured, replicaStatus, type ReplicaStatus } from "../../server/replica-status";
