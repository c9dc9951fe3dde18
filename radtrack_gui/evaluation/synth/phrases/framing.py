"""Text without mentions: indications, comparisons, technique, filler, preambles,
recommendations, addenda and neutral detail clauses."""

from __future__ import annotations

INDICATIONS = (
    "{age}-year-old {sex} with {reason}. Evaluate for interval change.",
    "{age}-year-old {sex} with {reason}.",
    "{Reason}. Please assess.",
    "{Reason}. Assess for acute process.",
    "{age} y/o {sex}, {reason}, please evaluate.",
    "{age}-year-old {sex} status post {procedure}. {Reason}.",
)
REASONS = {
    "chest": (
        "shortness of breath",
        "fever and cough",
        "hypoxia",
        "line placement",
        "intubated patient",
        "respiratory distress",
        "tube placement check",
        "increasing oxygen requirement",
        "chest pain",
        "desaturation overnight",
    ),
    "head": (
        "altered mental status",
        "fall with head strike",
        "headache",
        "new confusion",
        "left-sided weakness",
        "right-sided weakness",
        "follow-up of known bleed",
        "decreased responsiveness",
        "syncope",
    ),
    "abdomen": (
        "abdominal pain",
        "abdominal distension",
        "nausea and vomiting",
        "fever and leukocytosis",
        "elevated liver enzymes",
        "flank pain",
        "postoperative fever",
        "decreased bowel function",
    ),
    "spine": (
        "neck pain after fall",
        "trauma",
        "motor vehicle collision",
        "neck pain and limited range of motion",
        "fall from standing",
    ),
}
PROCEDURES = (
    "laparotomy",
    "craniotomy",
    "CABG",
    "motor vehicle collision",
    "fall",
    "abdominal surgery",
    "intubation",
    "cardiac catheterization",
)
COMPARISONS_FIRST = ("None.", "No prior studies available.", "None available.")
COMPARISONS = (
    "{exam} from {date}.",
    "Prior study dated {date}.",
    "Comparison is made to the {exam} of {date}.",
    "{date}.",
    "Multiple prior studies, most recently {date}.",
)
TECHNIQUE = {
    ("XR", "chest"): (
        "Single portable AP view of the chest.",
        "PA and lateral views of the chest.",
        "Portable semi-upright frontal radiograph of the chest.",
    ),
    ("XR", "abdomen"): (
        "Supine and upright views of the abdomen.",
        "Single supine view of the abdomen.",
        "Two views of the abdomen.",
    ),
    ("CT", "head"): (
        "Contiguous axial images were obtained from the skull base to the "
        "vertex without intravenous contrast. Coronal and sagittal reformations "
        "were reviewed.",
        "Non-contrast head CT was performed. Bone and soft tissue algorithms were reviewed.",
    ),
    ("CT", "abdomen"): (
        "Axial images of the abdomen and pelvis were obtained after the "
        "administration of intravenous contrast. Oral contrast was given. "
        "Coronal and sagittal reformations were generated.",
        "MDCT images were acquired through the abdomen and pelvis. "
        "Multiplanar reformations were reviewed.",
    ),
    ("CT", "spine"): (
        "Helical axial images of the cervical spine were obtained without "
        "contrast with sagittal and coronal reformations.",
        "Non-contrast CT of the cervical spine from the skull base through T2.",
    ),
    ("CT", "chest"): (
        "Axial images of the chest were obtained with intravenous contrast.",
        "Helical CT of the chest with multiplanar reformations.",
    ),
    ("CTA", "chest"): (
        "CT angiography of the chest was performed per pulmonary embolism "
        "protocol with intravenous contrast. Three-dimensional reformations "
        "were created on a separate workstation.",
    ),
    ("CTA", "head"): (
        "CT angiography of the head was performed with intravenous contrast. "
        "Maximum intensity projection and volume rendered images were "
        "reviewed.",
    ),
    ("MR", "head"): (
        "Sagittal T1, axial FLAIR, T2, diffusion-weighted and post-gadolinium "
        "T1-weighted images of the brain were obtained.",
        "Multiplanar multisequence MR images of the brain were obtained before and after contrast.",
    ),
    ("US", "abdomen"): (
        "Grayscale and color Doppler ultrasound images of the abdomen were obtained.",
        "Transabdominal ultrasound of the right upper quadrant.",
    ),
}
# Sentences that describe the study, not a finding or device (padding to realistic length).
FILLER = {
    "chest": (
        "The patient is rotated to the right.",
        "The study is limited by patient positioning.",
        "Assessment of the lung bases is limited by overlying soft tissue.",
        "Note is made of a skin fold projecting over the right hemithorax.",
        "The left costophrenic angle is partially excluded from the field of view.",
        "Monitoring leads project over the chest.",
        "Comparison is limited by differences in technique.",
        "The patient is imaged in the semi-upright position.",
        "External defibrillator pads overlie the left chest.",
        "The lateral view is degraded by motion.",
        "Overlying telemetry wires partially obscure the right mid lung.",
        "The image is slightly underpenetrated.",
        "The upper abdomen is partially included and is grossly stable in appearance.",
        "Evaluation of the retrocardiac region is limited on this single view.",
        "The exam was obtained at the bedside with the patient supine.",
        "Portions of the upper abdomen are partially imaged.",
        "A pair of EKG leads and external tubing overlie the chest.",
        "Comparison is made with the most recent study available.",
    ),
    "head": (
        "The visualized orbits are grossly symmetric.",
        "The study is mildly degraded by motion.",
        "Streak artifact from dental hardware limits evaluation of the posterior fossa.",
        "The orbits are partially included in the field of view.",
        "Evaluation of the posterior fossa is limited by beam hardening artifact.",
        "The patient's head is tilted within the gantry, limiting symmetry assessment.",
        "The globes and retro-orbital fat are symmetric.",
        "Images are compared side by side with the prior examination.",
        "The soft tissues of the scalp are evaluated on all images.",
        "The craniocervical junction is included on the scout image.",
        "Diffusion-weighted images are reviewed in concert with the ADC map.",
        "Bone windows were reviewed in the axial and coronal planes.",
        "The imaged portions of the upper cervical spine are included.",
        "Evaluation of the skull base is limited by partial volume averaging.",
        "Axial images were reformatted at 2.5 mm intervals.",
    ),
    "abdomen": (
        "The lung bases are included in the field of view.",
        "Oral contrast has passed into the colon.",
        "Evaluation of the solid organs is limited by respiratory motion.",
        "The urinary bladder is partially distended.",
        "The study is limited by body habitus.",
        "There is contrast in the renal collecting systems from the recent study.",
        "The stomach is collapsed, which limits its evaluation.",
        "Streak artifact from the patient's arms degrades the upper abdomen.",
        "Images were reviewed in soft tissue and lung windows.",
        "Bone windows were reviewed.",
        "The rectum contains a moderate amount of stool.",
        "The inguinal canals are only partially included.",
        "Images of the pelvis are degraded by streak artifact from hip prostheses.",
        "Delayed images were obtained through the kidneys.",
        "The visualized osseous structures were reviewed on bone windows.",
        "Evaluation of the pelvic organs is limited by artifact.",
        "The abdominal wall and inguinal regions were reviewed.",
        "Images extend from the lung bases to the pubic symphysis.",
    ),
    "spine": (
        "The craniocervical junction is maintained.",
        "The prevertebral soft tissues are evaluated on sagittal images.",
        "The visualized lung apices are included.",
        "Evaluation is limited by streak artifact at the cervicothoracic junction.",
        "The atlantodental interval is maintained.",
        "The occipital condyles and the lateral masses of C1 are symmetric.",
        "The neural foramina are assessed on oblique reformations.",
        "The spinal canal is evaluated from the foramen magnum to T2.",
        "The patient's shoulders limit evaluation of the lower cervical levels.",
        "Sagittal and coronal reformations were reviewed in bone algorithm.",
    ),
}
PREAMBLES = (
    "MEDICAL CONDITION: {age} year old {sex} with {reason}\n"
    "REASON FOR THIS EXAMINATION: {question}",
    "{age} year old {sex} with {reason}. Reason for examination: {question}",
    "MEDICAL CONDITION: {reason}\nREASON FOR THIS EXAMINATION: {question}\n"
    "No contraindications for IV contrast.",
)
QUESTIONS = (
    "assess for interval change",
    "evaluate tube and line placement",
    "please evaluate for acute process",
    "rule out acute pathology",
    "follow-up of known findings",
    "assess for progression",
    "please compare with the prior study",
    "evaluate after clinical change",
)
RECOMMENDATIONS = (
    "Recommend follow-up imaging after treatment to document resolution.",
    "Findings were communicated to the ordering provider by telephone at {time} on {date}.",
    "Clinical correlation is recommended.",
    "A follow-up study in 6 to 8 weeks could be obtained if clinically warranted.",
    "The referring team was paged with these results at {time}.",
    "Please see the separately dictated report of the same day for additional details.",
    "Further assessment could be performed with a dedicated examination if desired.",
)
ADDENDA = (
    "These findings were discussed with the covering physician by telephone at the time of "
    "the study, and the results were read back for confirmation.",
    "Recommend clinical correlation and follow-up imaging as clinically indicated.",
    "Wet read was provided to the clinical team at the time of the examination.",
    "If clinically indicated, further evaluation with a dedicated study could be considered.",
    "The case was reviewed with the attending radiologist, who agrees with the findings above.",
    "This study was reviewed at the multidisciplinary conference, and the interpretation above "
    "reflects the consensus of the reviewing radiologists.",
    "The preliminary interpretation provided overnight by the resident has been reviewed; there "
    "are no substantial discrepancies with the final interpretation.",
    "Images from the outside institution were not available for direct comparison at the time "
    "of this dictation, and an addendum will be issued if they become available.",
    "Note that the sensitivity of this examination is limited, and a negative study does not "
    "exclude the diagnosis in question if clinical suspicion remains high.",
    "Please note that the current study was compared with all available prior imaging, "
    "including studies performed at the outside hospital earlier this year.",
    "The ordering clinician was informed of the limitations of the study, including the "
    "suboptimal positioning and the motion artifact described above.",
)

# Neutral clauses that lengthen a CT/MR finding sentence (no mention in them).
DETAILS = (
    "(series 2, image {n})",
    "(series 3, image {n})",
    "best seen on the coronal images",
    "as seen on image {n} of series 4",
    "on the sagittal reformations",
    "(image {n})",
    "(series 5, image {n})",
)
